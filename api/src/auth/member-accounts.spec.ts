import { BadRequestException, ForbiddenException, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { MEMBER_ACCOUNT_TTL_MS, MemberAccounts, VERIFY_EMAIL_MESSAGE } from './member-accounts';
import type { MemberAccount, TokenVerifier } from './token-verifier';

// The identity service stands in as a function: what matters here is what a write is allowed to do
// with the account it returns, and how long an answer is reused.
function setup(initial: MemberAccount) {
  let account = initial;
  let now = 1_000_000;
  const lookups: string[] = [];
  const verifier = {
    account: (uid: string) => {
      lookups.push(uid);
      return Promise.resolve(account);
    },
  } as unknown as TokenVerifier;
  const members = new MemberAccounts(verifier, () => now);
  return {
    members,
    lookups,
    change: (next: MemberAccount) => (account = next),
    advance: (ms: number) => (now += ms),
    signedInAt: () => Math.floor(now / 1000) - 60,
  };
}

const active: MemberAccount = { disabled: false, name: 'Probe Person', emailVerified: true };

test('a token without a name gets the account’s display name; a token with one keeps it', async () => {
  const { members } = setup(active);
  await expect(members.writer({ uid: 'u1' })).resolves.toEqual({ uid: 'u1', name: 'Probe Person' });
  await expect(members.writer({ uid: 'u1', name: 'From Token' })).resolves.toMatchObject({ name: 'From Token' });
});

test('a disabled account cannot write (401), once the cached answer has expired', async () => {
  const context = setup(active);
  await context.members.writer({ uid: 'u1', authTime: context.signedInAt() });
  context.change({ ...active, disabled: true });
  // Within the documented window the earlier answer still holds: one lookup per member per window.
  await expect(context.members.writer({ uid: 'u1', authTime: context.signedInAt() })).resolves.toBeDefined();
  expect(context.lookups).toHaveLength(1);
  context.advance(MEMBER_ACCOUNT_TTL_MS);
  await expect(context.members.writer({ uid: 'u1', authTime: context.signedInAt() })).rejects.toBeInstanceOf(UnauthorizedException);
  expect(context.lookups).toHaveLength(2);
});

test('a session that began before the member was signed out everywhere is refused; a new one is not', async () => {
  const context = setup(active);
  const before = context.signedInAt();
  context.change({ ...active, tokensValidAfterMs: (before + 30) * 1000 });
  await expect(context.members.writer({ uid: 'u2', authTime: before })).rejects.toBeInstanceOf(UnauthorizedException);
  await expect(context.members.writer({ uid: 'u2', authTime: before + 31 })).resolves.toMatchObject({ uid: 'u2' });
});

test('an identity service that cannot be asked is a 503, and nothing is cached from it', async () => {
  let calls = 0;
  const verifier = {
    account: () => {
      calls += 1;
      return Promise.reject(new ServiceUnavailableException('down'));
    },
  } as unknown as TokenVerifier;
  const members = new MemberAccounts(verifier);
  await expect(members.writer({ uid: 'u3' })).rejects.toBeInstanceOf(ServiceUnavailableException);
  await expect(members.writer({ uid: 'u3' })).rejects.toBeInstanceOf(ServiceUnavailableException);
  expect(calls).toBe(2);
});

test('a display name that does not read as what it is cannot sign a write (400)', async () => {
  for (const name of ['\u202Eyelrah ronaelE', '\u200B\u200B', 'half \uD800']) {
    const { members } = setup({ ...active, name });
    await expect(members.writer({ uid: 'u4' })).rejects.toBeInstanceOf(BadRequestException);
  }
});

test('an anonymous sign-in may not write (403), without asking the identity service', async () => {
  const context = setup(active);
  await expect(context.members.writer({ uid: 'anon', provider: 'anonymous' })).rejects.toBeInstanceOf(ForbiddenException);
  expect(context.lookups).toEqual([]);
});

test('a member whose email is not verified cannot write (403), and is let through as soon as it is', async () => {
  const context = setup({ ...active, emailVerified: false });
  await expect(context.members.writer({ uid: 'u5' })).rejects.toThrow(new ForbiddenException(VERIFY_EMAIL_MESSAGE));
  // The member opens the link: the next write asks the identity service again, cache or not.
  context.change(active);
  await expect(context.members.writer({ uid: 'u5' })).resolves.toMatchObject({ uid: 'u5' });
});

test('a token that says the email is verified is believed without asking again', async () => {
  const context = setup({ ...active, emailVerified: false });
  await expect(context.members.writer({ uid: 'u6', emailVerified: true })).resolves.toMatchObject({ uid: 'u6' });
  expect(context.lookups).toHaveLength(1);
});
