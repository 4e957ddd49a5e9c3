import { ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { MemberAccount, TokenVerifier } from '../auth/token-verifier';
import { FORMER_MEMBER_NAME, FORMER_MEMBER_UID } from '../members/former-member';
import { LEGACY_FORMER_MEMBER } from './moderation.schema';
import { PeopleNames, shownTarget } from './people-names';

// The identity service cannot run inside a unit test: its one call is replaced (the api tests ask the Auth Emulator).
function namesWith(answer: (uid: string) => Promise<MemberAccount>) {
  const account = jest.fn(answer);
  return { names: new PeopleNames({ account } as unknown as TokenVerifier), account };
}

test('each person is asked about once, however often a page names them; a nameless one is null', async () => {
  const { names, account } = namesWith(async (uid) => ({ disabled: false, emailVerified: true, ...(uid === 'u1' ? { name: 'Mona Moderator' } : {}) }));
  expect(await names.of(['u1', 'u2', 'u1'])).toEqual(new Map([['u1', 'Mona Moderator'], ['u2', null]]));
  await names.of(['u1']);
  expect(account.mock.calls.map(([uid]) => uid)).toEqual(['u1', 'u2']);
});

test('a gone account is null and kept so; an outage is null and asked again; the stand-ins for deleted members are never asked', async () => {
  let down = true;
  const { names, account } = namesWith(async (uid) => {
    if (uid === 'gone') throw new UnauthorizedException();
    if (down) throw new ServiceUnavailableException();
    return { disabled: false, emailVerified: true, name: 'Back Again' };
  });
  expect(await names.of(['gone', 'u3', FORMER_MEMBER_UID, 'erased:abc'])).toEqual(
    new Map([['gone', null], ['u3', null], [FORMER_MEMBER_UID, FORMER_MEMBER_NAME], ['erased:abc', null]]),
  );
  down = false;
  expect((await names.of(['gone', 'u3'])).get('u3')).toBe('Back Again');
  expect(account.mock.calls.map(([uid]) => uid)).toEqual(['gone', 'u3', 'u3']);
});

test('the old stand-in is a uid like any other (a real member could hold it); an audit target names the stand-in by its name', async () => {
  const { names, account } = namesWith(async () => ({ disabled: false, emailVerified: true, name: 'Real Person' }));
  expect((await names.of([LEGACY_FORMER_MEMBER])).get(LEGACY_FORMER_MEMBER)).toBe('Real Person');
  expect(account).toHaveBeenCalledWith(LEGACY_FORMER_MEMBER);
  expect(shownTarget(`member:${FORMER_MEMBER_UID}`)).toBe(`member:${FORMER_MEMBER_NAME}`);
  expect(shownTarget('member:u1')).toBe('member:u1');
  expect(shownTarget('artifact:a1')).toBe('artifact:a1');
});
