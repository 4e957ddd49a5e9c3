import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';
import { MemberAccounts } from './member-accounts';

/** Signed-in callers only: 401 without a valid token. */
@Injectable()
export class RequireUser extends AuthGuard('firebase-jwt') {
  override handleRequest<T>(error: unknown, user: T | false): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedException('Sign in to continue');
    return user;
  }
}

/** Anyone may call; a caller who sends a token must send a valid one (it personalises the answer). */
@Injectable()
export class OptionalUser extends RequireUser {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.headers.authorization) return true;
    return super.canActivate(context);
  }
}

/**
 * Signed-in callers whose account may still write: checked against the identity service (cached
 * briefly, see MemberAccounts), and given their current display name.
 */
@Injectable()
export class RequireWriter extends RequireUser {
  constructor(private readonly members: MemberAccounts) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    request.user = await this.members.writer(request.user);
    return true;
  }
}
