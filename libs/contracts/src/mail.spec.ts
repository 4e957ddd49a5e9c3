import { validateMailPreferences } from './mail-validation';

test('a boolean optionalMail is accepted as it is', () => {
  expect(validateMailPreferences({ optionalMail: false })).toEqual({ ok: true, value: { optionalMail: false } });
  expect(validateMailPreferences({ optionalMail: true })).toEqual({ ok: true, value: { optionalMail: true } });
});

test('anything else is refused, naming the field', () => {
  for (const optionalMail of ['false', 'true', 0, 1, null, undefined, [], {}]) {
    expect({ optionalMail, result: validateMailPreferences({ optionalMail }) }).toEqual({
      optionalMail,
      result: { ok: false, fields: { optionalMail: 'optionalMail must be true or false' }, message: 'optionalMail: optionalMail must be true or false' },
    });
  }
  expect(validateMailPreferences({})).toMatchObject({ ok: false, fields: { optionalMail: 'optionalMail must be true or false' } });
});

test('a strict body: unknown fields are named, even beside a good value', () => {
  expect(validateMailPreferences({ optionalMail: true, email: 'eve@example.org' })).toEqual({
    ok: false,
    fields: { email: 'Unknown field' },
    message: 'email: Unknown field',
  });
  // As JSON.parse reads a body: `__proto__` is a key of its own, refused like any other.
  const sneaky = validateMailPreferences(JSON.parse('{"optionalMail":false,"__proto__":{"optionalMail":true}}'));
  expect(sneaky).toMatchObject({ ok: false, message: '__proto__: Unknown field' });
});

test('a body that is not an object is refused as a whole', () => {
  for (const body of [null, true, 'optionalMail', [{ optionalMail: true }]]) {
    expect(validateMailPreferences(body)).toEqual({ ok: false, fields: {}, message: 'Send a JSON object' });
  }
});
