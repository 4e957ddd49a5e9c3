import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-firebase-jwt';
import type { AuthUser } from './auth-user';
import { TokenVerifier } from './token-verifier';

/** passport-firebase-jwt only extracts the bearer token; verification is firebase-admin's. */
@Injectable()
export class FirebaseJwtStrategy extends PassportStrategy(Strategy, 'firebase-jwt') {
  constructor(private readonly verifier: TokenVerifier) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken() });
  }

  validate(token: string): Promise<AuthUser> {
    return this.verifier.verify(token);
  }
}
