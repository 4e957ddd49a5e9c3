// The token verifier against a real firebase-admin: what it answers when the identity service
// refuses a token (401) and when it cannot be asked (503). No emulator runs here: the "services"
// are local sockets that refuse, or accept and never answer.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { loadConfig } from '../config/env';
import { cleanEmail, cleanName, isRejectedToken, TokenVerifier } from './token-verifier';

const PROJECT = 'demo-antiquarium';

function jwt(header: Record<string, unknown>, claims: Record<string, unknown>, signature = ''): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode(header)}.${encode(claims)}.${signature}`;
}

function claims(): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { aud: PROJECT, iss: `https://securetoken.google.com/${PROJECT}`, sub: 'some-user', iat: now - 10, exp: now + 3600, auth_time: now - 10 };
}

/** A port where nothing listens (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

const savedEmulatorHost = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
const verifiers: TokenVerifier[] = [];
function verifier(): TokenVerifier {
  const created = new TokenVerifier(loadConfig({ FIREBASE_PROJECT_ID: PROJECT }));
  verifiers.push(created);
  return created;
}

afterEach(async () => {
  jest.restoreAllMocks();
  if (savedEmulatorHost === undefined) delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  else process.env['FIREBASE_AUTH_EMULATOR_HOST'] = savedEmulatorHost;
  for (const created of verifiers.splice(0)) await created.onModuleDestroy();
});

describe('TokenVerifier with the Auth Emulator', () => {
  it('answers 401 for a token that is not a token, without asking anyone', async () => {
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = `127.0.0.1:${await closedPort()}`;
    expect(await outcome(verifier().verify('not-a-token'))).toBeInstanceOf(UnauthorizedException);
  });

  it('answers 503 when nothing listens where the emulator should be (it looks the user up on every call)', async () => {
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = `127.0.0.1:${await closedPort()}`;
    expect(await outcome(verifier().verify(jwt({ alg: 'none', typ: 'JWT' }, claims())))).toBeInstanceOf(ServiceUnavailableException);
  });

  it('answers 503 after its timeout when the emulator accepts connections and never answers', async () => {
    const held: net.Socket[] = [];
    const blackhole = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = `127.0.0.1:${(blackhole.address() as net.AddressInfo).port}`;
    const subject = verifier();
    subject.timeoutMs = 300;
    const started = Date.now();
    const result = await outcome(subject.verify(jwt({ alg: 'none', typ: 'JWT' }, claims())));
    expect(result).toBeInstanceOf(ServiceUnavailableException);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => blackhole.close(() => resolve()));
  });
});

describe('TokenVerifier with real Firebase', () => {
  it("answers 503, not 401, when Google's public keys cannot be fetched", async () => {
    delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    const port = await closedPort();
    // The key fetch goes to a port that refuses the connection, as it would with Google unreachable.
    jest.spyOn(https, 'request').mockImplementation(((_options: unknown, callback?: (response: http.IncomingMessage) => void) =>
      http.request({ host: '127.0.0.1', port, path: '/', method: 'GET' }, callback)) as unknown as typeof https.request);
    const token = jwt({ alg: 'RS256', kid: 'some-key', typ: 'JWT' }, claims(), 'c2lnbmF0dXJl');
    expect(await outcome(verifier().verify(token))).toBeInstanceOf(ServiceUnavailableException);
    expect(https.request).toHaveBeenCalled();
  });

  it('answers 401 for a token for another project, before any key is needed', async () => {
    delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    const token = jwt({ alg: 'RS256', kid: 'some-key', typ: 'JWT' }, { ...claims(), aud: 'another-project' }, 'c2lnbmF0dXJl');
    expect(await outcome(verifier().verify(token))).toBeInstanceOf(UnauthorizedException);
  });
});

describe('isRejectedToken', () => {
  const authError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('rejects tokens the service refused', () => {
    expect(isRejectedToken(authError('auth/id-token-expired', 'expired'))).toBe(true);
    expect(isRejectedToken(authError('auth/argument-error', 'Firebase ID token has invalid signature.'))).toBe(true);
    expect(isRejectedToken(authError('auth/user-not-found', 'no user'))).toBe(true);
  });

  it('does not reject when the service could not be asked', () => {
    expect(isRejectedToken(authError('app/network-error', 'Error while making request: connect ECONNREFUSED'))).toBe(false);
    expect(isRejectedToken(authError('auth/argument-error', 'Error while making request: getaddrinfo ENOTFOUND www.googleapis.com'))).toBe(false);
    expect(isRejectedToken(authError('auth/argument-error', 'Error fetching public keys for Google certs: 503'))).toBe(false);
    expect(isRejectedToken(new TypeError('boom'))).toBe(false);
  });
});

describe('claims stored as the adder', () => {
  it('keeps a display name to one clean line of at most 120 characters', () => {
    expect(cleanName('  Ada\u0000 Lovelace\n ')).toBe('Ada Lovelace');
    expect(cleanName('🏺'.repeat(200))).toBe('🏺'.repeat(120));
    expect(cleanName('\u0000\t')).toBeUndefined();
    expect(cleanName({ $gt: '' })).toBeUndefined();
    expect(cleanName('שלום')).toBe('שלום');
  });

  it('drops an email with control characters or of absurd length', () => {
    expect(cleanEmail('ada@example.org')).toBe('ada@example.org');
    expect(cleanEmail('ada\u0000@example.org')).toBeUndefined();
    expect(cleanEmail(`${'a'.repeat(400)}@example.org`)).toBeUndefined();
    expect(cleanEmail(['ada@example.org'])).toBeUndefined();
  });
});
