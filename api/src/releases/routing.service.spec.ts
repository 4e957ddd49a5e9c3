import { etagMatches } from './routing.service';

describe('etagMatches (If-None-Match)', () => {
  const etag = '"abc123"';

  it('matches the ETag itself, in a list, weakly, or any with *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"other", ${etag}`, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches(['"other"', etag], etag)).toBe(true);
  });

  it('does not match another ETag, an unquoted one, or nothing', () => {
    expect(etagMatches('"abc1234"', etag)).toBe(false);
    expect(etagMatches('abc123', etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
