import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { FirebaseJwtStrategy } from './firebase-jwt.strategy';
import { MemberAccounts } from './member-accounts';
import { TokenVerifier } from './token-verifier';

@Module({
  imports: [PassportModule],
  providers: [TokenVerifier, FirebaseJwtStrategy, { provide: MemberAccounts, useFactory: (verifier: TokenVerifier) => new MemberAccounts(verifier), inject: [TokenVerifier] }],
  exports: [TokenVerifier, MemberAccounts],
})
export class AuthModule {}
