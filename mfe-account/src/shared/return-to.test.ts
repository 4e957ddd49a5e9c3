import { carriedState, returnPath } from './return-to';

test('returns to the Location the shell passed (pathname, search and hash)', () => {
  expect(returnPath({ from: { pathname: '/my-artifacts', search: '', hash: '' } })).toBe('/my-artifacts');
  expect(returnPath({ from: { pathname: '/artifacts/a1', search: '?tab=2', hash: '#likes' } })).toBe('/artifacts/a1?tab=2#likes');
  expect(returnPath({ from: '/liked-artifacts?page=2' })).toBe('/liked-artifacts?page=2');
});

test('goes home when there is no origin, or an unusable one', () => {
  expect(returnPath(undefined)).toBe('/');
  expect(returnPath(null)).toBe('/');
  expect(returnPath({})).toBe('/');
  expect(returnPath({ from: 42 })).toBe('/');
  expect(returnPath({ from: { search: '?x' } })).toBe('/');
  // Never off the site.
  expect(returnPath({ from: 'https://evil.example/' })).toBe('/');
  expect(returnPath({ from: '//evil.example/path' })).toBe('/');
  expect(returnPath({ from: '/\\evil.example' })).toBe('/');
  // Never back to a sign-in form (it would loop).
  expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
  expect(returnPath({ from: '/register?x=1' })).toBe('/');
  expect(returnPath({ from: '/forgot-password/' })).toBe('/');
});

test('the origin travels between login, register and forgot password', () => {
  const from = { pathname: '/my-artifacts' };
  expect(carriedState({ from })).toEqual({ from });
  expect(carriedState(null)).toBeUndefined();
  expect(carriedState({ other: 1 })).toBeUndefined();
});
