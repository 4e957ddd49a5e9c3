import { DECIDED_IT, liftsAnothersDecision, mayNotRule, partyToAppeal, partyToDecision } from './second-pass';

test('a moderator who added the artifact or sent an open notice about it is a party to its decision', () => {
  expect(partyToDecision('m', 'm', false)).toMatch(/you added this artifact/);
  expect(partyToDecision('m', 'c', true)).toMatch(/you sent a notice/);
  expect(partyToDecision('m', 'c', false)).toBeNull();
});

test('the appellant, the contributor and a notifier are parties to an appeal', () => {
  const decision = { contributorUid: 'c', notifierUids: ['n'] };
  expect(partyToAppeal('a', { appellantUid: 'a' }, decision)).toMatch(/your own appeal/);
  expect(partyToAppeal('c', { appellantUid: 'a' }, decision)).toMatch(/you added this artifact/);
  expect(partyToAppeal('n', { appellantUid: 'a' }, decision)).toMatch(/you sent a notice/);
  expect(partyToAppeal('x', { appellantUid: 'a' }, decision)).toBeNull();
});

test('the moderator who decided may not rule, before any other ground; anyone else not a party may', () => {
  const decision = { moderatorUid: 'm', contributorUid: 'c', notifierUids: ['n'] };
  expect(mayNotRule('m', { appellantUid: 'a' }, decision)).toBe(DECIDED_IT);
  expect(mayNotRule('m', { appellantUid: 'm' }, decision)).toBe(DECIDED_IT);
  expect(mayNotRule('n', { appellantUid: 'a' }, decision)).toMatch(/you sent a notice/);
  expect(mayNotRule('x', { appellantUid: 'a' }, decision)).toBeNull();
});

test("only a lighter decision over another moderator's restrict or remove needs the appeal review", () => {
  expect(liftsAnothersDecision('keep', 'restricted', 'b', 'a')).toBe(true);
  expect(liftsAnothersDecision('restrict', 'removed', 'b', 'a')).toBe(true);
  expect(liftsAnothersDecision('keep', 'removed', undefined, 'a')).toBe(true);
  expect(liftsAnothersDecision('remove', 'restricted', 'b', 'a')).toBe(false);
  expect(liftsAnothersDecision('restrict', 'restricted', 'b', 'a')).toBe(false);
  expect(liftsAnothersDecision('keep', 'restricted', 'a', 'a')).toBe(false);
  expect(liftsAnothersDecision('keep', undefined, undefined, 'a')).toBe(false);
});
