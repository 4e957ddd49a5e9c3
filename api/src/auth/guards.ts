import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { clientOf } from '../rate-limits/client-rate-limit.guard';
import { RateLimits } from '../rate-limits/rate-limits';
import type { AuthUser } from './auth-user';
import { MemberAccounts } from './member-accounts';

/**
 * Signed-in callers only: 401 without a valid token. A client whose tokens keep failing (guessing,
 * replaying stolen or expired ones) spends its failed-auth budget and is then refused with 429
 * before any verification.
 */
@Injectable()
export class RequireUser extends AuthGuard('firebase-jwt') {
  constructor(protected readonly limits: RateLimits) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const client = clientOf(request);
    const sentToken = Boolean(request.headers.authorization);
    if (sentToken) await this.limits.assertLeft('failed-auth', client);
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (error) {
      if (sentToken && error instanceof UnauthorizedException) await this.limits.record('failed-auth', client);
      throw error;
    }
  }

  override handleRequest<T>(error: unknown, user: T | false): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedException('Sign in to continue');
    return user;
  }
}

/** Anyone may call; a caller who sends a token must send a valid one (it personalises the answer). */
@Injectable()
export class OptionalUser extends RequireUser {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.headers.authorization) return true;
    return super.canActivate(context);
  }
}

/**
 * Signed-in callers whose account may still write: checked against the identity service (cached
 * briefly, see MemberAccounts), given their current display name, and held to one write budget per
 * member across every write route.
 */
@Injectable()
export class RequireWriter extends RequireUser {
  constructor(
    limits: RateLimits,
    private readonly members: MemberAccounts,
  ) {
    super(limits);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    request.user = await this.members.writer(request.user);
    await this.limits.consume('writes', `user:${request.user.uid}`);
    return true;
  }
}
