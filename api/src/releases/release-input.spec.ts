import { TELEMETRY_MAX_EVENTS, TELEMETRY_TICKET_MAX_LENGTH } from '@antiquarium/contracts';
import { normalizeManifestUrl, promoteInputSchema, releaseInputSchema, rollbackInputSchema, telemetryInputSchema } from './release-input';

const valid = {
  version: '0.1.0-3f9a2b1c4d5e',
  manifestUrl: 'https://cdn.example.org/catalog/0.1.0-3f9a2b1c4d5e/mf-manifest.json',
  shared: { react: '^19.0.0', 'react/jsx-runtime': '^19.0.0', '@antiquarium/contracts': '0.1.0', '@antiquarium/contracts/validation': '0.1.0', 'lodash.debounce': '4.x' },
  exposes: ['./Home', './pages/Details'],
};

function firstProblem(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string | undefined {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : undefined;
}

describe('the publish body', () => {
  it('accepts a release and drops unknown fields', () => {
    const parsed = releaseInputSchema.parse({ ...valid, publishedAt: '1999-01-01', lastLiveAt: 'x', notes: 'First release\nwith notes' });
    expect(parsed).toEqual({ ...valid, notes: 'First release\nwith notes' });
  });

  it('names the field that is wrong', () => {
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, version: '1.0.0' }))).toMatch(/^version: must look like 0\.1\.0-/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, version: '0.1.0-3F9A2B1C4D5E' }))).toMatch(/^version:/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, exposes: ['Home'] }))).toMatch(/^exposes\.0:/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, exposes: ['./Home', './Home'] }))).toMatch(/^exposes: must not repeat/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, shared: { __proto__x: '1' } }))).toMatch(/^shared/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, shared: ['react'] }))).toMatch(/^shared:/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, shared: { 'react//jsx': '1' } }))).toMatch(/^shared/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, shared: { 'react/../x': '1' } }))).toMatch(/^shared/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, shared: { react: '' } }))).toMatch(/^shared\.react:/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, notes: 'x'.repeat(501) }))).toMatch(/^notes: must be at most 500/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, publishedBy: 'ci\u0000' }))).toMatch(/^publishedBy: contains invalid/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, publishedBy: '\u202Eci' }))).toMatch(/^publishedBy: must not contain characters that change/);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, manifestUrl: 'ftp://x.example/m.json' }))).toMatch(/^manifestUrl:/);
    expect(firstProblem(releaseInputSchema.safeParse([]))).toBe(': The body must be a JSON object');
  });

  it('limits shared and exposes to 60 entries', () => {
    const many = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`pkg-${i}`, '1.0.0']));
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, shared: many }))).toMatch(/^shared: must have at most 60 entries/);
    const exposes = Array.from({ length: 61 }, (_, i) => `./Page${i}`);
    expect(firstProblem(releaseInputSchema.safeParse({ ...valid, exposes }))).toMatch(/^exposes: must have at most 60 entries/);
  });
});

describe('normalizeManifestUrl', () => {
  it('takes absolute http(s) URLs (as parsed) and paths of the site', () => {
    expect(normalizeManifestUrl('https://cdn.example.org/a/mf-manifest.json')).toBe('https://cdn.example.org/a/mf-manifest.json');
    expect(normalizeManifestUrl('HTTP://CDN.example.org/a')).toBe('http://cdn.example.org/a');
    expect(normalizeManifestUrl('/remotes/catalog/0.1.0-3f9a2b1c4d5e/mf-manifest.json')).toBe('/remotes/catalog/0.1.0-3f9a2b1c4d5e/mf-manifest.json');
  });

  it('refuses other schemes, other origins in disguise, credentials, spaces and relative paths', () => {
    for (const url of ['javascript:alert(1)', 'data:text/plain,x', '//evil.example/m.json', '/\\evil.example', 'https://user:pw@cdn.example.org/m', ' https://cdn.example.org/m', 'remotes/m.json', '/a b', '/é', 'https://', '']) {
      expect({ url, normalized: normalizeManifestUrl(url) }).toEqual({ url, normalized: undefined });
    }
  });
});

describe('promote and rollback bodies', () => {
  it('takes percent as a whole number from 1 to 100', () => {
    expect(promoteInputSchema.parse({ version: valid.version })).toEqual({ version: valid.version });
    expect(promoteInputSchema.parse({ version: valid.version, percent: 10, by: 'ci' })).toEqual({ version: valid.version, percent: 10, by: 'ci' });
    for (const percent of [0, 101, 5.5, '10', null]) {
      expect(firstProblem(promoteInputSchema.safeParse({ version: valid.version, percent }))).toMatch(/^percent: must be a whole number from 1 to 100/);
    }
  });

  it('takes a rollback without a body', () => {
    expect(rollbackInputSchema.parse(undefined)).toEqual({});
    expect(rollbackInputSchema.parse({ reason: 'errors in checkout' })).toEqual({ reason: 'errors in checkout' });
  });
});

describe('the telemetry body', () => {
  const event = { remote: 'catalog', version: valid.version, kind: 'view', ms: 420 };
  const ticket = 't1.payload.signature';

  it('accepts a ticket and events, ignoring unknown fields', () => {
    expect(telemetryInputSchema.parse({ ticket, events: [{ ...event, extra: true }], page: '/x' })).toEqual({ ticket, events: [event] });
    expect(telemetryInputSchema.parse({ ticket, events: [{ ...event, ms: null }] }).events[0]?.ms).toBeNull();
  });

  it(`refuses more than ${TELEMETRY_MAX_EVENTS} events, unknown kinds and load times out of bounds`, () => {
    expect(telemetryInputSchema.safeParse({ ticket, events: Array<typeof event>(TELEMETRY_MAX_EVENTS + 1).fill(event) }).success).toBe(false);
    expect(telemetryInputSchema.safeParse({ ticket, events: [{ ...event, kind: 'click' }] }).success).toBe(false);
    expect(telemetryInputSchema.safeParse({ ticket, events: [{ ...event, ms: -1 }] }).success).toBe(false);
    expect(telemetryInputSchema.safeParse({ ticket, events: [{ ...event, ms: 120_001 }] }).success).toBe(false);
    expect(telemetryInputSchema.safeParse({ ticket, events: 'x' }).success).toBe(false);
  });

  it('needs the page load’s ticket: a text of at most TELEMETRY_TICKET_MAX_LENGTH characters', () => {
    expect(telemetryInputSchema.safeParse({ events: [event] }).error?.issues[0]?.message).toBe('is required: the ticket of the page load, from its routing answer');
    expect(telemetryInputSchema.safeParse({ ticket: '', events: [event] }).success).toBe(false);
    expect(telemetryInputSchema.safeParse({ ticket: 42, events: [event] }).success).toBe(false);
    expect(telemetryInputSchema.safeParse({ ticket: 'x'.repeat(TELEMETRY_TICKET_MAX_LENGTH + 1), events: [event] }).success).toBe(false);
    expect(telemetryInputSchema.safeParse({ ticket: 'x'.repeat(TELEMETRY_TICKET_MAX_LENGTH), events: [event] }).success).toBe(true);
  });
});
