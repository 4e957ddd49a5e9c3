import { ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { MemberAccount, TokenVerifier } from '../auth/token-verifier';
import { PeopleNames } from './people-names';

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

test('a gone account is null and kept so; an outage is null and asked again; a former member is never asked', async () => {
  let down = true;
  const { names, account } = namesWith(async (uid) => {
    if (uid === 'gone') throw new UnauthorizedException();
    if (down) throw new ServiceUnavailableException();
    return { disabled: false, emailVerified: true, name: 'Back Again' };
  });
  expect(await names.of(['gone', 'u3', 'former-member', 'erased:abc'])).toEqual(
    new Map([['gone', null], ['u3', null], ['former-member', null], ['erased:abc', null]]),
  );
  down = false;
  expect((await names.of(['gone', 'u3'])).get('u3')).toBe('Back Again');
  expect(account.mock.calls.map(([uid]) => uid)).toEqual(['gone', 'u3', 'u3']);
});
