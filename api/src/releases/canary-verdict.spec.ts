import { CANARY_BASELINE_CEILING, CANARY_FAILURE_MARGIN, CANARY_MAX_LOADS_PER_CLIENT, CANARY_MIN_CLIENTS, CANARY_MIN_VIEWS } from '@antiquarium/contracts';
import { baselineOf, canaryVerdict, evidenceOf, failureRate, isEnough, type ClientLoads } from './canary-verdict';

/** `count` clients, each with these views and failures. */
function clients(count: number, views: number, failures: number, prefix = 'client'): ClientLoads[] {
  return Array.from({ length: count }, (_, i) => ({ client: `${prefix}-${i}`, views, failures }));
}

const NOTHING = evidenceOf([]);
// A healthy live release before the canary: 40 page loads from 20 clients, none failed.
const HEALTHY_LIVE = evidenceOf(clients(20, 2, 0, 'live'));

describe('evidenceOf', () => {
  it(`weighs each client for at most ${CANARY_MAX_LOADS_PER_CLIENT} page loads, at its own failure rate`, () => {
    expect(evidenceOf([{ client: 'a', views: 100, failures: 50 }])).toEqual({ loads: CANARY_MAX_LOADS_PER_CLIENT, failures: CANARY_MAX_LOADS_PER_CLIENT / 2, tickets: 100, clients: 1 });
    expect(evidenceOf([{ client: 'a', views: 2, failures: 1 }, { client: 'b', views: 0, failures: 0 }])).toEqual({ loads: 2, failures: 1, tickets: 2, clients: 1 });
  });

  it('counts failures reported without their view as page loads (a canary that never loads)', () => {
    expect(evidenceOf([{ client: 'a', views: 0, failures: 3 }])).toEqual({ loads: 3, failures: 3, tickets: 3, clients: 1 });
    expect(failureRate({ views: 0, failures: 25 })).toBe(1);
  });
});

describe('isEnough', () => {
  it(`needs ${CANARY_MIN_VIEWS} weighed page loads AND ${CANARY_MIN_CLIENTS} clients`, () => {
    expect(isEnough(evidenceOf(clients(CANARY_MIN_CLIENTS, 2, 0)))).toBe(true);
    expect(isEnough(evidenceOf(clients(CANARY_MIN_CLIENTS - 1, 5, 0)))).toBe(false);
    expect(isEnough(evidenceOf(clients(CANARY_MIN_VIEWS, 1, 0)))).toBe(true);
    expect(isEnough(evidenceOf(clients(CANARY_MIN_VIEWS - 1, 1, 0)))).toBe(false);
    // A thousand tickets from one address are one client's five page loads.
    expect(isEnough(evidenceOf(clients(1, 1000, 1000)))).toBe(false);
  });
});

describe('canaryVerdict', () => {
  it('rolls back a canary failing far more often than live did, saying both rates and what they were counted over', () => {
    expect(canaryVerdict(evidenceOf(clients(10, 2, 2)), HEALTHY_LIVE)).toBe(
      'canary failure rate 100% over 20 page loads from 10 clients exceeds live before the canary 0% over 40 page loads from 20 clients by more than 5 points',
    );
  });

  it('keeps a canary without enough evidence however bad it looks: one client, or too few page loads', () => {
    expect(canaryVerdict(evidenceOf(clients(1, 50, 50)), HEALTHY_LIVE)).toBeNull();
    expect(canaryVerdict(evidenceOf(clients(CANARY_MIN_CLIENTS - 1, 5, 5)), HEALTHY_LIVE)).toBeNull();
    expect(canaryVerdict(evidenceOf(clients(CANARY_MIN_CLIENTS, 1, 1)), HEALTHY_LIVE)).toBeNull();
  });

  it('one client’s many healthy tickets cannot dilute a broken canary', () => {
    const broken = [...clients(10, 2, 2), { client: 'flooder', views: 5000, failures: 0 }];
    // 20 failing loads from 10 clients, 5 healthy ones from the flooder: 80%.
    expect(canaryVerdict(evidenceOf(broken), HEALTHY_LIVE)).toMatch(/^canary failure rate 80% over 5020 page loads from 11 clients/);
  });

  it('keeps a canary within the margin of the baseline, and one exactly at it', () => {
    const live10 = evidenceOf([...clients(10, 2, 0, 'ok'), ...clients(10, 2, 0, 'ok2'), ...clients(4, 1, 1, 'bad')]);
    expect(baselineOf(live10).rate).toBeCloseTo(4 / 44);
    // 20 loads from 20 clients, 2 failed (10%): within 5 points of 9.1%.
    expect(canaryVerdict(evidenceOf([...clients(18, 1, 0), ...clients(2, 1, 1, 'f')]), live10)).toBeNull();
    // Exactly CANARY_FAILURE_MARGIN over a 0% baseline is not "more than": 1 of 20.
    expect(canaryVerdict(evidenceOf([...clients(19, 1, 0), ...clients(1, 1, 1, 'f')]), HEALTHY_LIVE)).toBeNull();
    // 2 of 20 (10%) is more than 5 points over 0%.
    expect(canaryVerdict(evidenceOf([...clients(18, 1, 0), ...clients(2, 1, 1, 'f')]), HEALTHY_LIVE)).toMatch(/^canary failure rate 10% over 20 page loads/);
  });

  it(`compares with the ceiling (${CANARY_BASELINE_CEILING * 100}%) without enough evidence of live before the canary`, () => {
    expect(baselineOf(NOTHING)).toEqual({ rate: CANARY_BASELINE_CEILING, text: `the ceiling ${CANARY_BASELINE_CEILING * 100}%` });
    // One client's forged failures of live are no evidence: the ceiling, not 100%.
    expect(baselineOf(evidenceOf(clients(1, 500, 500))).rate).toBe(CANARY_BASELINE_CEILING);
    const fifteen = evidenceOf([...clients(17, 1, 0), ...clients(3, 1, 1, 'f')]);
    expect(canaryVerdict(fifteen, NOTHING)).toBeNull();
    const sixteenish = evidenceOf([...clients(16, 1, 0), ...clients(4, 1, 1, 'f')]);
    expect(canaryVerdict(sixteenish, NOTHING)).toBe('canary failure rate 20% over 20 page loads from 20 clients exceeds the ceiling 10% by more than 5 points');
  });

  it('never takes a baseline over the ceiling, however badly live did before', () => {
    const awfulLive = evidenceOf(clients(20, 2, 2, 'live'));
    expect(baselineOf(awfulLive).rate).toBe(CANARY_BASELINE_CEILING);
    expect(canaryVerdict(evidenceOf(clients(10, 2, 2)), awfulLive)).toMatch(/exceeds live before the canary 10% over 40 page loads from 20 clients/);
    expect(CANARY_BASELINE_CEILING + CANARY_FAILURE_MARGIN).toBeLessThan(1);
  });

  it('rounds rates to a tenth of a percent', () => {
    const third = evidenceOf([...clients(20, 1, 0), ...clients(10, 1, 1, 'f')]);
    expect(canaryVerdict(third, HEALTHY_LIVE)).toMatch(/^canary failure rate 33.3% over 30 page loads from 30 clients/);
  });
});
