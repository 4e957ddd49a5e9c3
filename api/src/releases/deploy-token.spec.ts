import crypto, { createHash } from 'node:crypto';
import type { Request } from 'express';
import { bearerOf, deployTokenMatches } from './deploy-token';

const TOKEN = 'a'.repeat(16) + '0123456789abcdef0123456789abcdef';

describe('deployTokenMatches', () => {
  it('accepts the token and nothing else: a prefix, a longer text, another case, the empty text', () => {
    expect(deployTokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(deployTokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(deployTokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(deployTokenMatches(TOKEN.toUpperCase(), TOKEN)).toBe(false);
    expect(deployTokenMatches('', TOKEN)).toBe(false);
  });

  it('compares 32-byte digests with timingSafeEqual, whatever the lengths sent', () => {
    // A spy on the module's export sees the call: the comparison is the constant-time one, always
    // of two sha256 digests (so neither where the texts differ nor their lengths show in its time).
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    for (const sent of ['', 'short', TOKEN, 'x'.repeat(10_000)]) deployTokenMatches(sent, TOKEN);
    expect(spy).toHaveBeenCalledTimes(4);
    for (const [left, right] of spy.mock.calls) {
      expect((left as Buffer).length).toBe(32);
      expect((right as Buffer).length).toBe(32);
      expect(right).toEqual(createHash('sha256').update(TOKEN).digest());
    }
    spy.mockRestore();
  });
});

describe('bearerOf', () => {
  const request = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as Request;

  it('reads the credential of a Bearer header only', () => {
    expect(bearerOf(request(`Bearer ${TOKEN}`))).toBe(TOKEN);
    expect(bearerOf(request(`bearer ${TOKEN}`))).toBe(TOKEN);
    expect(bearerOf(request())).toBeUndefined();
    expect(bearerOf(request('Bearer '))).toBeUndefined();
    expect(bearerOf(request(`Basic ${TOKEN}`))).toBeUndefined();
    expect(bearerOf(request(`Bearer ${TOKEN} extra`))).toBeUndefined();
  });
});
