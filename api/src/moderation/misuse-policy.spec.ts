import { MISUSE_THRESHOLDS, SUSPENSION_DAYS } from '@antiquarium/contracts';
import { misuseLevel, misuseStatement } from './misuse-policy';

test.each(Object.keys(MISUSE_THRESHOLDS) as (keyof typeof MISUSE_THRESHOLDS)[])('%s: nothing below the first threshold, a warning first, a suspension only after it', (kind) => {
  const { warnAt, suspendAt } = MISUSE_THRESHOLDS[kind];
  expect(misuseLevel(kind, warnAt - 1, null)).toBeNull();
  expect(misuseLevel(kind, warnAt, null)).toBe('warned');
  // However far past the second threshold, a member never warned is warned.
  expect(misuseLevel(kind, suspendAt + 10, null)).toBe('warned');
  expect(misuseLevel(kind, suspendAt - 1, 'warned')).toBe('warned');
  expect(misuseLevel(kind, suspendAt, 'warned')).toBe('suspended');
  // Recounted lower (a reversal): downgraded or closed.
  expect(misuseLevel(kind, suspendAt - 1, 'suspended')).toBe('warned');
  expect(misuseLevel(kind, warnAt - 1, 'suspended')).toBeNull();
});

test('the statement of reasons says what, the facts, the ground, what follows, how to contest it and that no automation judged', () => {
  const warned = misuseStatement('unfoundedNotices', 'warned', 3, null);
  expect(warned.what).toMatch(/^Warning:/);
  expect(warned.facts).toMatch(/^3 decisions in the last 180 days/);
  expect(warned.ground).toMatch(/^Terms, rule 7:/);
  expect(warned.next).toContain(`suspended for ${SUSPENSION_DAYS} days`);
  expect(warned.appeal).toMatch(/appealed within 6 months/);
  const suspended = misuseStatement('removedArtifacts', 'suspended', 3, new Date('2026-12-28T10:00:00Z'));
  expect(suspended.what).toBe('Your account is suspended until 2026-12-28: you cannot add, change or like artifacts, nor send notices as a member.');
  expect(suspended.next).toMatch(/export or delete your data/);
});
