import { CANARY_FAILURE_MARGIN, CANARY_MIN_VIEWS } from '@antiquarium/contracts';
import { canaryVerdict, failureRate } from './canary-verdict';

describe('canaryVerdict', () => {
  it('rolls back a canary failing far more often than live, saying both rates and counts', () => {
    expect(canaryVerdict({ views: 20, failures: 20 }, { views: 35, failures: 0 })).toBe(
      'canary failure rate 100% over 20 views exceeds live 0% over 35 views by more than 5 points',
    );
  });

  it('waits for CANARY_MIN_VIEWS page loads of the canary', () => {
    expect(canaryVerdict({ views: CANARY_MIN_VIEWS - 1, failures: CANARY_MIN_VIEWS - 1 }, { views: 100, failures: 0 })).toBeNull();
    expect(canaryVerdict({ views: CANARY_MIN_VIEWS, failures: CANARY_MIN_VIEWS }, { views: 100, failures: 0 })).not.toBeNull();
  });

  it('keeps a canary within the margin of live, and one exactly at it', () => {
    // live 10%, canary 14%: 4 points worse.
    expect(canaryVerdict({ views: 100, failures: 14 }, { views: 100, failures: 10 })).toBeNull();
    // Exactly CANARY_FAILURE_MARGIN worse is not "more than".
    expect(canaryVerdict({ views: 100, failures: 10 + CANARY_FAILURE_MARGIN * 100 }, { views: 100, failures: 10 })).toBeNull();
    expect(canaryVerdict({ views: 100, failures: 16 }, { views: 100, failures: 10 })).toMatch(/^canary failure rate 16% over 100 views exceeds live 10% over 100 views/);
  });

  it('keeps a canary that is as bad as live (the fault is not the canary’s)', () => {
    expect(canaryVerdict({ views: 50, failures: 25 }, { views: 50, failures: 25 })).toBeNull();
  });

  it('judges against a live release with no traffic as a failure rate of 0', () => {
    expect(canaryVerdict({ views: 40, failures: 3 }, { views: 0, failures: 0 })).toMatch(/exceeds live 0% over 0 views/);
    expect(canaryVerdict({ views: 40, failures: 2 }, { views: 0, failures: 0 })).toBeNull();
  });

  it('counts failed loads reported without their view as page loads (a canary that never loads)', () => {
    expect(failureRate({ views: 0, failures: 25 })).toBe(1);
    expect(canaryVerdict({ views: 0, failures: 25 }, { views: 30, failures: 0 })).toMatch(/^canary failure rate 100% over 25 views/);
  });

  it('rounds rates to a tenth of a percent', () => {
    expect(canaryVerdict({ views: 30, failures: 10 }, { views: 30, failures: 1 })).toBe(
      'canary failure rate 33.3% over 30 views exceeds live 3.3% over 30 views by more than 5 points',
    );
  });
});
