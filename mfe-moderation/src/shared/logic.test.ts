import { ApiRequestError } from '@antiquarium/api-client';
import { TERMS_RULES } from '@antiquarium/contracts';
import { decisionInput, decisionSummary, formatWhen, GROUND_GROUPS, mailtoHref, personName, reasonSummary, refusalOf, rulingInput } from './logic';

const ARTIFACT = '0123456789abcdef01234567';
const REPORT = 'abcdefabcdefabcdefabcdef';

test('a 403 means "not a moderator", a 401 "signed out"; other failures are errors', () => {
  expect(refusalOf(new ApiRequestError('Only moderators can do this', 403))).toBe('not-moderator');
  expect(refusalOf(new ApiRequestError('Sign in', 401))).toBe('signed-out');
  expect(refusalOf(new ApiRequestError('Down', 503))).toBeNull();
  expect(refusalOf(new Error('boom'))).toBeNull();
});

test('the reasons of an artifact\'s notices, most reported first, ties in the list\'s order', () => {
  expect(reasonSummary({ spam: 1, copyright: 3, 'illegal-trade': 1 })).toBe('3 × Copyright (this is my work), 1 × Looted or trafficked (illegal trade), 1 × Spam');
  expect(reasonSummary({})).toBe('');
});

test('moments are shown in UTC, the same for every moderator; a missing or broken one as a dash', () => {
  expect(formatWhen('2026-11-25T17:05:00.000Z')).toBe('25 Nov 2026, 17:05 UTC');
  expect(formatWhen(null)).toBe('–');
  expect(formatWhen('not a date')).toBe('–');
});

test('the grounds offered are every reason and every numbered rule of the terms', () => {
  const values = GROUND_GROUPS.flatMap((group) => group.options.map((option) => option.value));
  expect(values).toHaveLength(8 + TERMS_RULES.length);
  expect(values).toEqual(expect.arrayContaining(['illegal-trade', 'other', 'rule-1', `rule-${TERMS_RULES.length}`]));
});

test('a decision names what is missing, field by field, before anything is sent', () => {
  expect(decisionInput(ARTIFACT, { action: '', ground: '', facts: '  ', reportIds: [], unfounded: false })).toEqual({
    errors: {
      action: 'Choose what happens to the artifact.',
      ground: 'Choose the ground: a reason or a rule of the terms.',
      facts: 'Write the facts the decision rests on.',
      reportIds: 'Choose the notices this decision settles.',
    },
  });
});

test('a complete decision is the api\'s input: facts trimmed, "unfounded" only with keep', () => {
  expect(decisionInput(ARTIFACT, { action: 'restrict', ground: 'rule-2', facts: '  Offered for sale.  ', reportIds: [REPORT], unfounded: true })).toEqual({
    input: { artifactId: ARTIFACT, action: 'restrict', ground: 'rule-2', facts: 'Offered for sale.', reportIds: [REPORT] },
  });
  expect(decisionInput(ARTIFACT, { action: 'keep', ground: 'spam', facts: 'Not spam.', reportIds: [REPORT], unfounded: true })).toEqual({
    input: { artifactId: ARTIFACT, action: 'keep', ground: 'spam', facts: 'Not spam.', reportIds: [REPORT], unfounded: true },
  });
});

test('the contracts\' rules still apply: hostile or overlong facts are refused at their field', () => {
  const hostile = decisionInput(ARTIFACT, { action: 'remove', ground: 'spam', facts: 'Spam\u202e', reportIds: [REPORT], unfounded: false });
  expect(hostile).toEqual({ errors: { facts: expect.any(String) } });
  const long = decisionInput(ARTIFACT, { action: 'remove', ground: 'spam', facts: 'x'.repeat(5000), reportIds: [REPORT], unfounded: false });
  expect(long).toEqual({ errors: { facts: expect.stringMatching(/4000/) } });
});

test('a ruling needs an outcome and reasons', () => {
  expect(rulingInput('', ' ')).toEqual({
    errors: { outcome: 'Choose whether the decision is upheld or reversed.', reasons: 'Write the reasons for the ruling.' },
  });
  expect(rulingInput('reversed', ' A replica. ')).toEqual({ input: { outcome: 'reversed', reasons: 'A replica.' } });
});

test('earlier decisions read as action, moment, ground, and their reversal', () => {
  expect(decisionSummary({ action: 'remove', ground: 'rule-6', decidedAt: '2026-01-02T03:04:00Z', reversedAt: '2026-02-01T00:00:00Z' })).toBe(
    `Remove, 2 Jan 2026, 03:04 UTC: Terms, rule 6: ${TERMS_RULES[5].text} (reversed 1 Feb 2026, 00:00 UTC)`,
  );
});

test('a mail link keeps the address whole, and encodes its subject', () => {
  expect(mailtoHref('ada@example.org')).toBe('mailto:ada@example.org');
  expect(mailtoHref('x@y.z?bcc=a@b.c', 'Your report (reference 1)')).toBe('mailto:x@y.z%3Fbcc%3Da@b.c?subject=Your%20report%20(reference%201)');
});

test('a person is named by their display name; a former member and a nameless account as such', () => {
  expect(personName('u1', 'Mona Moderator')).toBe('Mona Moderator');
  expect(personName('former-member', null)).toBe('A former member');
  expect(personName('erased:abc', null)).toBe('A former member');
  expect(personName('u2', null)).toBe('An account with no name (u2)');
});
