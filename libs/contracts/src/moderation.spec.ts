import { appealDeadline, groundText, REASONS_NEEDING_DETAILS, REPORT_REASONS, TERMS_RULES } from './moderation';
import { validateDecisionInput, validateReportInput } from './moderation-validation';

const artifactId = 'a'.repeat(24);

test('details are required for illegal-trade, copyright and privacy only; goodFaith must be true', () => {
  for (const reason of REPORT_REASONS) {
    const result = validateReportInput({ artifactId, reason, goodFaith: true });
    expect({ reason, ok: result.ok }).toEqual({ reason, ok: !REASONS_NEEDING_DETAILS.includes(reason) });
    if (!result.ok) expect(result.fields).toHaveProperty('details');
  }
  expect(validateReportInput({ artifactId, reason: 'spam', details: '', goodFaith: true }).ok).toBe(true);
  const refused = validateReportInput({ artifactId, reason: 'spam', goodFaith: false });
  expect(refused.ok ? null : refused.fields).toHaveProperty('goodFaith');
});

test('hostile text, unknown fields and non-objects are refused, naming the field', () => {
  const cases: [unknown, string | null][] = [
    [{ artifactId, reason: 'other', details: 'a\u0000b', goodFaith: true }, 'details'],
    [{ artifactId, reason: 'other', details: 'a\u202Eb', goodFaith: true }, 'details'],
    [{ artifactId, reason: 'other', goodFaith: true, reporterUid: 'x' }, 'reporterUid'],
    [{ artifactId: { $gt: '' }, reason: 'other', goodFaith: true }, 'artifactId'],
    [[1, 2], null],
    [null, null],
  ];
  for (const [input, field] of cases) {
    const result = validateReportInput(input);
    expect(result.ok).toBe(false);
    if (!result.ok && field) expect(result.fields).toHaveProperty(field);
  }
});

test('a decision ground is a reason or a numbered rule of the terms', () => {
  const base = { artifactId, action: 'restrict', facts: 'Seen', reportIds: [] };
  expect(validateDecisionInput({ ...base, ground: 'rule-2' }).ok).toBe(true);
  expect(validateDecisionInput({ ...base, ground: 'copyright' }).ok).toBe(true);
  const wrong = validateDecisionInput({ ...base, ground: 'rule-0' });
  expect(wrong.ok ? null : wrong.fields).toHaveProperty('ground');
  expect(groundText('rule-2')).toBe(`Terms, rule 2: ${TERMS_RULES[1].text}`);
});

test('an appeal is open for six calendar months after the decision', () => {
  expect(appealDeadline(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-07-15T10:00:00.000Z');
  expect(appealDeadline(new Date('2026-09-30T00:00:00Z')).toISOString()).toBe('2027-03-30T00:00:00.000Z');
});

test("a notice's optional address follows the contact form's rule for an address", () => {
  const notice = (email: unknown) => validateReportInput({ artifactId, reason: 'spam', email, goodFaith: true });
  for (const email of ['x@y.z?bcc=a@b.c&body=hi', 'x@y.z?body=hi&subject=Urgent', 'x@y.z?cc=eve%40evil.example', 'ada,eve@evil.example', '<ada@example.org>', 'ada@exa\u0000mple.org', 'ada@example']) {
    const result = notice(email);
    expect({ email, fields: result.ok ? null : result.fields }).toEqual({ email, fields: { email: 'Email must be a valid email address' } });
  }
  for (const email of ['', ' ada.lovelace+museum@example.co.uk ', 'a@b.c']) expect({ email, ok: notice(email).ok }).toEqual({ email, ok: true });
});
