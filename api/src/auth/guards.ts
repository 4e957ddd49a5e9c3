import { ExecutionContext, ForbiddenException, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { clientOf } from '../rate-limits/client-budget';
import { RateLimits } from '../rate-limits/rate-limits';
import type { AuthUser } from './auth-user';
import { MemberAccounts } from './member-accounts';
import { WriteSuspensions } from './write-suspensions';

/**
 * Signed-in callers only: 401 without a valid token. Each request with a credential is counted
 * against its client's failed-auth budget before the token is verified (RateLimits.authenticating),
 * so a client guessing, or replaying stolen or expired tokens, has at most that many verified per
 * window, however many it sends at once; the rest, and then even a valid token, get 429.
 */
@Injectable()
export class RequireUser extends AuthGuard('firebase-jwt') {
  constructor(protected readonly limits: RateLimits) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    // No credential at all is a visitor who has to sign in (401), not a failed authentication.
    if (!request.headers.authorization) return this.verifyToken(context);
    return this.limits.authenticating(clientOf(request), () => this.verifyToken(context));
  }

  /** The Firebase ID token's verification alone (passport, then TokenVerifier), uncounted. */
  protected async verifyToken(context: ExecutionContext): Promise<boolean> {
    return (await super.canActivate(context)) as boolean;
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
    @Optional() private readonly suspensions?: WriteSuspensions,
  ) {
    super(limits);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    request.user = await this.members.writer(request.user);
    // A member suspended for misuse (docs/decisions/0012-moderation.md) reads, exports and deletes, never writes.
    if (!this.openToSuspended(request)) await this.suspensions?.assertMayWrite(request.user.uid);
    await this.limits.consume('writes', `user:${request.user.uid}`);
    return true;
  }

  /** Deleting one's own artifact stays open to a suspended member (their data is theirs to delete). */
  protected openToSuspended(request: Request): boolean {
    return request.method === 'DELETE';
  }
}

/**
 * A member's choice about themselves (their mail preference): a writer's checks (verified address,
 * live session) and the write budget, but open to a suspended member, who may always say what mail
 * they want, as they may unsubscribe from a mail's link.
 */
@Injectable()
export class RequireMemberChoice extends RequireWriter {
  protected override openToSuspended(): boolean {
    return true;
  }
}

/** Moderators only (the `moderator` custom claim): 401 signed out, 403 for other members. */
@Injectable()
export class RequireModerator extends RequireUser {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    if (request.user.moderator !== true) throw new ForbiddenException('Only moderators can do this');
    return true;
  }
}
