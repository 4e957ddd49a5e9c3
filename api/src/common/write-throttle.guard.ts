import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Rate limit for writes, per signed-in user (falling back to the address). It runs after the auth
 * guard, so the user is known. Counters live in this instance's memory: with N instances the
 * effective limit is N times higher, which is acceptable for abuse protection.
 */
@Injectable()
export class WriteThrottle extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const user = request['user'] as { uid?: string } | undefined;
    return Promise.resolve(user?.uid ? `user:${user.uid}` : `ip:${String(request['ip'])}`);
  }
}
