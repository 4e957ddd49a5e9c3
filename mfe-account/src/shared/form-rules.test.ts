import { FIELD_LIMITS, PASSWORD_MESSAGES } from '@antiquarium/contracts';
import { FORM_MESSAGES, firstInvalid, isEmail, validateLogin, validateRegister } from './form-rules';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', photoURL: 'https://example.org/ada.png', password: 'Engine1' };

test('the password rules, in order, stopping at the first failure', () => {
  const problem = (password: string) => validateRegister({ ...valid, password }).password;
  // Short AND without capitals: only the first rule is reported.
  expect(problem('abc')).toBe('Password must be at least 6 characters');
  expect(problem('ABC')).toBe(PASSWORD_MESSAGES.length);
  expect(problem('abcdef')).toBe('Password must contain at least one uppercase letter');
  expect(problem('123456')).toBe(PASSWORD_MESSAGES.uppercase);
  expect(problem('ABCDEF')).toBe('Password must contain at least one lowercase letter');
  expect(problem('ABC123')).toBe(PASSWORD_MESSAGES.lowercase);
  expect(problem('Abcdef')).toBeUndefined();
  expect(problem('')).toBe(FORM_MESSAGES.passwordRequired);
});

test('registration: name, email and password are required; the photo is not', () => {
  expect(validateRegister(valid)).toEqual({});
  expect(validateRegister({ name: ' ', email: '', photoURL: '', password: '' })).toEqual({
    name: 'Full Name is required',
    email: 'Email is required',
    password: 'Password is required',
  });
  expect(validateRegister({ ...valid, photoURL: '   ' })).toEqual({});
});

test('registration: a photo URL, when given, is an http(s) URL of at most the image URL limit', () => {
  for (const bad of ['not a url', 'me.png', 'ftp://example.org/me.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA']) {
    expect(validateRegister({ ...valid, photoURL: bad })).toEqual({ photoURL: 'Photo URL must be a valid URL starting with http:// or https://' });
  }
  expect(FORM_MESSAGES.photoInvalid).toBe('Photo URL must be a valid URL starting with http:// or https://');
  expect(validateRegister({ ...valid, photoURL: ' http://example.org/me.png ' })).toEqual({});
  const long = `https://example.org/${'a'.repeat(FIELD_LIMITS.image)}`;
  expect(validateRegister({ ...valid, photoURL: long })).toEqual({ photoURL: `Photo URL must be at most ${FIELD_LIMITS.image} characters` });
});

test('registration: the full name must read as what it is', () => {
  const valid = { email: 'ada@example.com', photoURL: 'https://example.org/a.png', password: 'Abcdef' };
  expect(validateRegister({ ...valid, name: '\u200B\u200B' }).name).toBe('Full Name must contain visible characters');
  expect(validateRegister({ ...valid, name: '\u202Eecalevol adA' }).name).toBe('Full Name must not contain characters that change the reading direction');
  expect(validateRegister({ ...valid, name: 'Ada Lovelace' }).name).toBeUndefined();
});

test('login: email (email format) and password are required', () => {
  expect(validateLogin({ email: '', password: '' })).toEqual({
    email: FORM_MESSAGES.emailRequired,
    password: FORM_MESSAGES.passwordRequired,
  });
  expect(validateLogin({ email: 'ada', password: 'x' })).toEqual({ email: FORM_MESSAGES.emailInvalid });
  expect(validateLogin({ email: ' ada@example.com ', password: 'x' })).toEqual({});
  // Login does not apply the registration rules: old accounts may predate them.
  expect(validateLogin({ email: 'ada@example.com', password: 'abc' })).toEqual({});
});

test('emails are checked like <input type="email"> does', () => {
  expect(isEmail('eleanor.hartley@antiquarium.test')).toBe(true);
  expect(isEmail('a+tag@localhost')).toBe(true);
  expect(isEmail('no-at-sign')).toBe(false);
  expect(isEmail('two@@example.com')).toBe(false);
  expect(isEmail('space @example.com')).toBe(false);
});

test('the focus goes to the first invalid field in form order', () => {
  const order = ['name', 'email', 'photoURL', 'password'] as const;
  expect(firstInvalid(order, { password: 'x', email: 'y' })).toBe('email');
  expect(firstInvalid(order, {})).toBeUndefined();
});
