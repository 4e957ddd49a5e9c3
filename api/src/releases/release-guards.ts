import { ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { RequireUser } from '../auth/guards';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { clientOf } from '../rate-limits/client-budget';
import { RateLimits } from '../rate-limits/rate-limits';
import { bearerOf, deployTokenMatches } from './deploy-token';

export const RELEASE_CHANGES_OFF = 'Release changes are turned off on this api: RELEASE_DEPLOY_TOKEN is not set';
const DEPLOY_TOKEN_REQUIRED = 'Release changes need the deploy token (Authorization: Bearer <RELEASE_DEPLOY_TOKEN>)';

/** True when the request carries the configured deploy token. */
function sentDeployToken(request: Request, config: AppConfig): boolean {
  const token = config.releaseDeployToken;
  const credential = bearerOf(request);
  return token !== undefined && credential !== undefined && deployTokenMatches(credential, token);
}

/**
 * The release registry's changes (publish, promote, rollback, prune): the deploy token only. It is
 * no Firebase token, so every other guard refuses it; and no Firebase token is a deploy token, so a
 * member's session cannot deploy. Each credential is counted against the same failed-auth budget
 * as with RequireUser before it is compared (given back when it matched): past the budget a client
 * is refused with 429, however many guesses it sends at once.
 */
@Injectable()
export class RequireDeployToken implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.config.releaseDeployToken === undefined) throw new ForbiddenException(RELEASE_CHANGES_OFF);
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.headers.authorization) throw new UnauthorizedException(DEPLOY_TOKEN_REQUIRED);
    return this.limits.authenticating(clientOf(request), async () => {
      if (sentDeployToken(request, this.config)) return true;
      throw new UnauthorizedException(DEPLOY_TOKEN_REQUIRED);
    });
  }
}

/**
 * Reading the registry (its status, a release for `?preview=`): the deploy token, or a member whose
 * verified ID token carries the custom claim `operator: true` (403 for other members).
 */
@Injectable()
export class DeployOrOperator extends RequireUser {
  constructor(
    limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(limits);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    if (!request.headers.authorization) return this.verifyToken(context);
    // One count for the credential, whichever of the two it turns out to be.
    const viaDeployToken = await this.limits.authenticating(clientOf(request), async () => {
      if (sentDeployToken(request, this.config)) return true;
      await this.verifyToken(context);
      return false;
    });
    if (viaDeployToken) return true;
    if (request.user?.operator !== true) throw new ForbiddenException('Only operators may read the release registry');
    return true;
  }
}
