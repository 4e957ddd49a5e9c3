import { CONTACT_LIMITS } from './contact';
import { validateContactMessage, validateContactReply } from './contact-validation';

const valid = { name: 'Ada Lovelace', email: 'ada@example.org', message: 'Where was the astrolabe found?' };

function fieldsOf(input: unknown): Record<string, string> {
  const result = validateContactMessage(input);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(input)}`);
  return result.fields;
}

test('a message is accepted trimmed', () => {
  expect(validateContactMessage({ name: '  Ada ', email: ' ada@example.org\n', message: '\tHello\n' })).toEqual({
    ok: true,
    value: { name: 'Ada', email: 'ada@example.org', message: 'Hello' },
  });
});

test('each empty or missing field has the message the contact page shows', () => {
  expect(fieldsOf({ ...valid, name: '   ' })).toEqual({ name: 'Name is required' });
  expect(fieldsOf({ email: valid.email, message: valid.message })).toEqual({ name: 'Name is required' });
  expect(fieldsOf({ ...valid, email: '' })).toEqual({ email: 'Email is required' });
  expect(fieldsOf({ name: valid.name, message: valid.message })).toEqual({ email: 'Email is required' });
  expect(fieldsOf({ ...valid, message: ' \n ' })).toEqual({ message: 'Message is required' });
  expect(fieldsOf({})).toEqual({ name: 'Name is required', email: 'Email is required', message: 'Message is required' });
});

test('an email not like a@b.c is refused', () => {
  for (const email of ['ada', 'ada@example', '@example.org', 'ada@@example.org', 'ada lovelace@example.org', 'ada@example.']) {
    expect({ email, fields: fieldsOf({ ...valid, email }) }).toEqual({ email, fields: { email: 'Enter a valid email address' } });
  }
  expect(validateContactMessage({ ...valid, email: 'a@b.c' }).ok).toBe(true);
});

test('limits count characters once trimmed, as the other validators do', () => {
  const at = (field: keyof typeof CONTACT_LIMITS, length: number) => {
    const value = field === 'email' ? `${'a'.repeat(length - '@example.org'.length)}@example.org` : 'x'.repeat(length);
    return { ...valid, [field]: `  ${value}  ` };
  };
  for (const field of ['name', 'email', 'message'] as const) {
    expect(validateContactMessage(at(field, CONTACT_LIMITS[field])).ok).toBe(true);
  }
  expect(fieldsOf(at('name', 101))).toEqual({ name: 'Name must be at most 100 characters' });
  expect(fieldsOf(at('email', 255))).toEqual({ email: 'Email must be at most 254 characters' });
  expect(fieldsOf(at('message', 5001))).toEqual({ message: 'Message must be at most 5000 characters' });
  expect(CONTACT_LIMITS).toEqual({ name: 100, email: 254, message: 5000, reply: 5000 });
});

test('hostile text, unknown fields and non-objects are refused, naming the field', () => {
  const cases: [unknown, string][] = [
    [{ ...valid, message: 'a\u0000b' }, 'message'],
    [{ ...valid, name: 'Ada\u202Eevil' }, 'name'],
    [{ ...valid, name: '\u200B\u200D' }, 'name'],
    [{ ...valid, message: 'half \uD800 surrogate' }, 'message'],
    [{ ...valid, email: { $gt: '' } }, 'email'],
    [{ ...valid, name: 42 }, 'name'],
    [{ ...valid, senderUid: 'someone' }, 'senderUid'],
    [JSON.parse(`{"name":"Ada","email":"ada@example.org","message":"Hi","$where":"sleep(1000)"}`), '$where'],
  ];
  for (const [input, field] of cases) expect({ input, fields: fieldsOf(input) }).toEqual({ input, fields: expect.objectContaining({ [field]: expect.any(String) }) });
  for (const key of ['__proto__', 'constructor']) {
    const result = validateContactMessage(JSON.parse(`{"${key}": {"polluted": true}, "name": "Ada", "email": "ada@example.org", "message": "Hi"}`));
    expect(result.ok ? null : { own: Object.hasOwn(result.fields, key), field: result.fields[key], message: result.message }).toEqual({ own: true, field: 'Unknown field', message: `${key}: Unknown field` });
  }
  const unknown = validateContactMessage({ ...valid, status: 'handled' });
  expect(unknown).toEqual({ ok: false, fields: { status: 'Unknown field' }, message: 'status: Unknown field' });
  for (const input of [null, [valid], 'text', 3]) expect(validateContactMessage(input)).toEqual({ ok: false, fields: {}, message: 'Send a JSON object' });
});

// Issue 45: the inbox makes a mailto: link of the address, so an address carrying a query (?cc=,
// &body=), escapes, a second recipient or markup would add to the mail the moderator writes.
const SMUGGLING = [
  'x@y.z?bcc=a@b.c&body=hi',
  'x@y.z?body=hi&subject=Urgent',
  'x@y.z?cc=eve%40evil.example',
  'ada%0Aevil@example.org',
  'ada&eve@example.org',
  'ada#eve@example.org',
  'ada,eve@evil.example',
  'ada;eve@evil.example',
  '<ada@example.org>',
  '"ada"@example.org',
  'mailto:ada@example.org',
  'ada@example.org/path',
  'ada@exam_ple.org',
  'ada@-example.org',
  'ada@example-.org',
  'ada@example..org',
  '.ada@example.org',
  'ada.@example.org',
  'ada..lovelace@example.org',
  'ada@[127.0.0.1]',
  'ada@example.123',
  'ada@bücher.example',
  'ada\u00A0lovelace@example.org',
];

test('an address is a plain local@domain.tld: no query, escapes, second recipient or markup', () => {
  for (const email of SMUGGLING) {
    expect({ email, fields: fieldsOf({ ...valid, email }) }).toEqual({ email, fields: { email: 'Enter a valid email address' } });
  }
  // Control characters inside are refused as in every other text.
  expect(fieldsOf({ ...valid, email: 'ada@exa\u0000mple.org' })).toEqual({ email: 'Email contains invalid characters' });
  for (const email of ['ada.lovelace+museum@example.co.uk', "o'brien@example.ie", 'ADA_L@EXAMPLE.ORG', 'a@b.c', 'ada@xn--bcher-kva.example', 'a-b~c{d}@mail-1.example.org']) {
    expect({ email, result: validateContactMessage({ ...valid, email }) }).toEqual({ email, result: { ok: true, value: { ...valid, email } } });
  }
});

test('a moderator’s reply is 1 to 5000 characters once trimmed, and nothing else', () => {
  expect(validateContactReply({ text: '  Thank you, it is ours.\n' })).toEqual({ ok: true, value: { text: 'Thank you, it is ours.' } });
  expect(validateContactReply({ text: 'x'.repeat(CONTACT_LIMITS.reply) }).ok).toBe(true);
  const refused: [unknown, Record<string, string>][] = [
    [{ text: ' \n ' }, { text: 'Reply is required' }],
    [{}, { text: 'Reply is required' }],
    [{ text: 'x'.repeat(5001) }, { text: 'Reply must be at most 5000 characters' }],
    [{ text: 'a\u0000b' }, { text: expect.any(String) }],
    [{ text: 42 }, { text: expect.any(String) }],
    [{ text: 'Hi', to: 'eve@evil.example' }, { to: 'Unknown field' }],
  ];
  for (const [input, fields] of refused) {
    const result = validateContactReply(input);
    expect({ input, fields: result.ok ? null : result.fields }).toEqual({ input, fields });
  }
  expect(validateContactReply(null)).toEqual({ ok: false, fields: {}, message: 'Send a JSON object' });
});
