import { ticketKey } from '../releases/telemetry-ticket';
import { readUnsubscribeToken, signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token';

const deployToken = 'd'.repeat(40);
const { key } = unsubscribeKey({ mailUnsubscribeSecret: undefined, releaseDeployToken: deployToken });

test('a token names its address (in lower case) and reads back only with the key that signed it', () => {
  const token = signUnsubscribeToken(key, 'Ada.Lovelace@Example.org');
  expect(token).toMatch(/^u1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  expect(readUnsubscribeToken(key, token)).toBe('ada.lovelace@example.org');
  const other = unsubscribeKey({ mailUnsubscribeSecret: 's'.repeat(32), releaseDeployToken: deployToken }).key;
  expect(readUnsubscribeToken(other, token)).toBeNull();
});

test('a token made for another address, altered or malformed is refused', () => {
  const token = signUnsubscribeToken(key, 'ada@example.org');
  const [format, , mac] = token.split('.');
  const forged = `${format}.${Buffer.from('eve@example.org').toString('base64url')}.${mac}`;
  for (const bad of [forged, `${token}x`, token.replace(/^u1/, 'u2'), token.split('.').slice(0, 2).join('.'), '', 'u1..', `u1.${'A'.repeat(500)}.${mac}`]) {
    expect({ bad, address: readUnsubscribeToken(key, bad) }).toEqual({ bad, address: null });
  }
});

test('the key: MAIL_UNSUBSCRIBE_SECRET, else derived from the deploy token (not the telemetry key), else random for this process', () => {
  const derived = unsubscribeKey({ mailUnsubscribeSecret: undefined, releaseDeployToken: deployToken });
  expect(derived.derived).toBe(true);
  expect(derived.key.equals(unsubscribeKey({ mailUnsubscribeSecret: undefined, releaseDeployToken: deployToken }).key)).toBe(true);
  expect(derived.key.equals(ticketKey({ releaseTelemetrySecret: undefined, releaseDeployToken: deployToken }) as Buffer)).toBe(false);
  expect(derived.key.includes(Buffer.from(deployToken))).toBe(false);
  const random = unsubscribeKey({ mailUnsubscribeSecret: undefined, releaseDeployToken: undefined });
  expect(random.derived).toBe(false);
  expect(random.key.equals(unsubscribeKey({ mailUnsubscribeSecret: undefined, releaseDeployToken: undefined }).key)).toBe(false);
});
