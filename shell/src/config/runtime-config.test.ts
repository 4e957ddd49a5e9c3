import { REMOTE_NAMES } from './remote-names';
import { parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

const valid = {
  apiUrl: 'http://127.0.0.1:3000/',
  authEmulatorUrl: 'http://127.0.0.1:9099',
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-antiquarium.firebaseapp.com', projectId: 'demo-antiquarium' },
  // Every remote of the workspace description (workspace.json), each on its own port.
  remotes: Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, `http://localhost:${4201 + index}/mf-manifest.json`])) as Record<string, string>,
};

test('reads a complete file (trailing slash of the api URL dropped)', () => {
  const config = parseRuntimeConfig(valid);
  expect(config.apiUrl).toBe('http://127.0.0.1:3000');
  expect(config.remotes.catalog).toBe('http://localhost:4201/mf-manifest.json');
  expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9099');
});

test('the emulator is optional (production)', () => {
  const { authEmulatorUrl: _unused, ...production } = valid;
  expect(parseRuntimeConfig(production).authEmulatorUrl).toBeUndefined();
});

test('names the missing piece of a broken file', () => {
  expect(() => parseRuntimeConfig({ ...valid, remotes: { catalog: valid.remotes.catalog } })).toThrow(
    new RuntimeConfigError('runtime-config.json: remotes.account must be a URL'),
  );
  expect(() => parseRuntimeConfig({ ...valid, firebase: { ...valid.firebase, apiKey: '' } })).toThrow(
    'runtime-config.json: firebase.apiKey is required',
  );
  expect(() => parseRuntimeConfig([])).toThrow('runtime-config.json must hold an object');
});

test('the telemetry sample rate is optional (1) and must lie between 0 and 1', () => {
  expect(parseRuntimeConfig(valid).telemetrySampleRate).toBe(1);
  expect(parseRuntimeConfig({ ...valid, telemetrySampleRate: 0 }).telemetrySampleRate).toBe(0);
  expect(parseRuntimeConfig({ ...valid, telemetrySampleRate: 0.25 }).telemetrySampleRate).toBe(0.25);
  for (const wrong of [1.5, -0.1, '0.5', null, Number.NaN]) {
    expect(() => parseRuntimeConfig({ ...valid, telemetrySampleRate: wrong })).toThrow(
      'runtime-config.json: telemetrySampleRate must be a number from 0 to 1',
    );
  }
});
