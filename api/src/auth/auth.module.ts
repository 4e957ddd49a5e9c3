import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { FirebaseJwtStrategy } from './firebase-jwt.strategy';
import { TokenVerifier } from './token-verifier';

@Module({
  imports: [PassportModule],
  providers: [TokenVerifier, FirebaseJwtStrategy],
  exports: [TokenVerifier],
})
export class AuthModule {}
