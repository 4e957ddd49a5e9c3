import { BadRequestException, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { textProblem, textProblemMessage } from '@antiquarium/contracts';
import type { AuthUser } from './auth-user';
import { TokenVerifier, type MemberAccount } from './token-verifier';

/**
 * How long a member's account, as read from the identity service, is reused for their writes. A
 * member who is disabled, deleted or signed out everywhere can write for at most this long after it
 * (instead of until their ID token expires, up to an hour); a new display name shows within it.
 */
export const MEMBER_ACCOUNT_TTL_MS = 30_000;
/** Accounts kept at once; the oldest entry goes first. */
const MAX_ENTRIES = 10_000;

const SESSION_ENDED = 'Your session is not valid, please sign in again';
/** The 403 of a write by a member whose email address is not verified yet. */
export const VERIFY_EMAIL_MESSAGE = 'Verify your email address to contribute: open the link we sent you, then try again';

/**
 * What a write needs to know about its author beyond the token: that the account still may write
 * (ID tokens are verified offline, so revocation is only seen by asking), and the display name when
 * the token carries none (a token minted at sign-up, before the name was set).
 */
@Injectable()
export class MemberAccounts {
  private readonly cache = new Map<string, { account: MemberAccount; readAt: number }>();

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly now: () => number = Date.now,
  ) {}

  private async account(uid: string, fresh = false): Promise<MemberAccount> {
    const cached = this.cache.get(uid);
    if (!fresh && cached && this.now() - cached.readAt < MEMBER_ACCOUNT_TTL_MS) return cached.account;
    const account = await this.verifier.account(uid);
    this.cache.delete(uid);
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(uid, { account, readAt: this.now() });
    return account;
  }

  /** The author of a write, with their current display name; 401 when their session was cut off. */
  async writer(user: AuthUser): Promise<AuthUser> {
    // An anonymous sign-in is nobody in particular: it may browse, not contribute or like.
    if (user.provider === 'anonymous') throw new ForbiddenException('Sign in with an email address or a Google account to contribute');
    let account = await this.account(user.uid);
    // A member who opened their verification link a moment ago still holds a token (and maybe a
    // cached account) from before: ask the identity service again before refusing. Writes are
    // budgeted per member, so this cannot be turned into a flood of lookups.
    if (!user.emailVerified && !account.emailVerified) account = await this.account(user.uid, true);
    if (account.disabled) throw new UnauthorizedException(SESSION_ENDED);
    const signedInAtMs = (user.authTime ?? 0) * 1000;
    if (account.tokensValidAfterMs !== undefined && signedInAtMs < account.tokensValidAfterMs) throw new UnauthorizedException(SESSION_ENDED);
    // Writes carry a name and an email to the public: the address must be the member's own.
    if (!user.emailVerified && !account.emailVerified) throw new ForbiddenException(VERIFY_EMAIL_MESSAGE);
    const name = user.name ?? account.name;
    // The name is shown on every artifact the member adds: it must read as what it is.
    const problem = name ? textProblem(name) : null;
    if (problem) throw new BadRequestException(`${textProblemMessage('Your display name', problem)}: change it in your profile`);
    return { ...user, name };
  }
}
