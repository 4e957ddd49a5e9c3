// Hostile input: hundreds of generated requests (fast-check) across every endpoint. Every answer
// must be a 2xx or a 4xx in the one error shape, never a 5xx, and afterwards the database must hold
// only valid artifacts with counters equal to their records. The seed is printed; FC_SEED=<seed>
// replays a run (FC_RUNS changes its length).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { mongo } from 'mongoose';
import { ARTIFACT_FIELDS, TERMS_FIELDS, DECISION_ACTIONS, REPORT_REASONS, RELEASE_REMOTES, TERMS_RULE_IDS, TELEMETRY_KINDS, TELEMETRY_MAX_BYTES, TELEMETRY_TICKET_HEADER, type ArtifactInput } from '@antiquarium/contracts';
import { ticketKey, TicketSigner, type TicketReleases } from '../../src/releases/telemetry-ticket';
import { artifactInput } from '../support/artifacts';
import { createUser, deleteUser, grantModerator, tokenClaims, unsignedToken, type TestUser } from '../support/auth';
import { call, errorShapeProblem } from './support/http';
import { artifactProblems, collectionProblems, contactProblems, counterProblems, moderationProblems, MODERATION_COLLECTION_NAMES, releaseProblems, RELEASE_COLLECTION_NAMES } from './support/invariants';
import { removeTempDirs, stop, stopAll, tempDir } from './support/processes';
import { type Api, connect, resiliencePorts, startApi, startFerretDb } from './support/services';

const FERRET_PORT = resiliencePorts(1).ferret;
const API_PORT = resiliencePorts(1).api;
const RUNS = Number(process.env['FC_RUNS'] ?? 1000);
const SEED = process.env['FC_SEED'] !== undefined ? Number(process.env['FC_SEED']) : Math.floor(Math.random() * 0x7fffffff);

// The release registry's changes need the deploy token: this api has one, and the generated
// requests send it most of the time, so that they reach the registry's rules, not only its guard.
const DEPLOY_TOKEN = randomBytes(24).toString('hex');
// The api signs telemetry tickets with a key derived from its deploy token; the run derives the same
// to make expired ones (and another key's, forged ones).
const ticketSigner = new TicketSigner(ticketKey({ releaseTelemetrySecret: undefined, releaseDeployToken: DEPLOY_TOKEN }) as Buffer);
const foreignSigner = new TicketSigner(randomBytes(32));
/** One of the api's CORS_ORIGINS (its local default): the site's pages. */
const SITE_ORIGIN = 'http://localhost:4200';
/** Where the api writes, as it exits, what its built-in prototypes gained (support/prototype-guard.cjs). */
const PROTOTYPE_REPORT = path.join(tempDir('hostile-prototypes'), 'report.json');

let api: Api;
let client: mongo.MongoClient;
let owner: TestUser;
let other: TestUser;
let moderator: TestUser;
const knownIds: string[] = [];
/** Decisions and appeals the run made (their ids answer 201s): later requests name them. */
const knownDecisions: string[] = [];
const knownAppeals: string[] = [];
/** Collections made by the setup and the run (a 201 of POST /collections). */
const knownCollections: string[] = [];
/** Contact messages the run stored (a 201 of POST /contact): the inbox's routes name them. */
const knownContacts: string[] = [];

beforeAll(async () => {
  const ferret = await startFerretDb({ port: FERRET_PORT, dataDir: tempDir('hostile-ferretdb') });
  // Telemetry has a low budget of its own per client: here every request is one client's.
  api = await startApi({ port: API_PORT, mongoUri: ferret.uri, prototypeReport: PROTOTYPE_REPORT, env: { RELEASE_DEPLOY_TOKEN: DEPLOY_TOKEN, TELEMETRY_RATE_LIMIT: '1000000', REPORT_RATE_LIMIT: '1000000', CONTACT_RATE_LIMIT: '1000000', EXPORT_RATE_LIMIT: '1000000' } });
  client = await connect(ferret.uri);
  owner = await createUser();
  other = await createUser({ name: null });
  moderator = await grantModerator(await createUser());
  for (const user of [owner, owner, owner, other, other, other]) {
    const created = await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput() });
    if (created.status !== 201) throw new Error(`setup: create answered ${created.status} ${created.text}`);
    knownIds.push(created.body.insertedId);
  }
  for (const visibility of ['public', 'private']) {
    const created = await call<{ id: string }>(api.url, '/collections', { method: 'POST', token: owner.token, body: { title: `Setup ${visibility}`, visibility } });
    if (created.status !== 201) throw new Error(`setup: collection answered ${created.status} ${created.text}`);
    knownCollections.push(created.body.id);
  }
  // A message in the inbox from the start, so that marking one handled reaches the write.
  const contact = await call<{ id: string }>(api.url, '/contact', { method: 'POST', body: { name: 'Setup', email: 'setup@example.org', message: 'Hello' } });
  if (contact.status !== 201) throw new Error(`setup: contact answered ${contact.status} ${contact.text}`);
  knownContacts.push(contact.body.id);
  // A live release from the start, so that the routing's tickets name one and telemetry reaches the
  // counting (not only the refusals).
  const deploy = { authorization: `Bearer ${DEPLOY_TOKEN}` };
  const release = { version: VERSION_POOL[0], manifestUrl: MANIFESTS[0], shared: { react: '^19.0.0' }, exposes: ['./Home'] };
  const published = await call(api.url, '/releases/catalog', { method: 'POST', headers: deploy, body: release });
  const promoted = await call(api.url, '/releases/catalog/promote', { method: 'POST', headers: deploy, body: { version: release.version } });
  if (published.status !== 201 || promoted.status !== 200) throw new Error(`setup: publish ${published.status}, promote ${promoted.status} ${promoted.text}`);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await stopAll();
  removeTempDirs();
  for (const user of [owner, other, moderator]) if (user) await deleteUser(user);
});

// ---------- generators ----------

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const NASTY_TEXTS = [
  '',
  ' ',
  '   \t  ',
  '\u0000',
  'Lamp\u0000 of NUL',
  '\uD800',
  'half \uDFFF surrogate',
  'x\uD83D',
  '\u202Eevil\u202C right-to-left',
  'שלום עולם',
  'مرحبا بالعالم',
  '🏺🗿👨‍👩‍👧‍👦🏳️‍🌈',
  'zero\u200Bwidth\uFEFF',
  '\u200B\u200D\u2060',
  'Eleanor\u2066 Hartley\u2069',
  'e\u0301\u0301\u0301',
  '\r\n\r\n',
  '<script>alert(1)</script>',
  "'; DROP TABLE artifacts; --",
  '$where',
  '{"$gt": ""}',
  '../../../etc/passwd',
  '%00',
  '\\',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  '__proto__',
  'constructor',
  '.*',
  '(a+)+$',
];

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(61, 121, 161, 201, 1001, 2049, 20_000, 150_000).map((length) => 'x'.repeat(length)) },
);

/** Objects that would be operators or prototype keys if they reached a query or an update. */
const injection = fc.constantFrom<unknown>(
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(5000) || true' },
  { $regex: '.*', $options: 'i' },
  { $in: ['Tools', 'Weapons'] },
  { $exists: true },
  { $set: { likes: 1_000_000 } },
  { 'a.b': 1 },
  JSON.parse('{"__proto__": {"polluted": true, "likes": 999}}') as unknown,
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown,
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    injection,
    fc.integer(),
    fc.constantFrom(0, -1, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Number.POSITIVE_INFINITY, 0.5),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileText, fc.constantFrom('$gt', '$where', '__proto__', 'constructor')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const STRAY_KEYS = ['likes', 'adderEmail', 'adderName', 'adderUid', '_id', 'addedAt', 'nameLower', 'searchTokens', 'yearStart', 'yearEnd', 'place', 'dating', '__proto__', 'constructor', 'prototype', '$where', '$set', '$gt', 'a.b', 'liked'];

/** A valid input with some fields dropped or replaced and stray keys added. */
const mutatedInput = fc
  .tuple(
    fc.nat(),
    fc.array(fc.tuple(fc.constantFrom(...ARTIFACT_FIELDS, ...TERMS_FIELDS), fc.oneof(fc.constant<'drop'>('drop'), hostileValue)), { maxLength: 4 }),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...STRAY_KEYS), hostileText), hostileValue), { maxLength: 3 }),
  )
  .map(([n, changes, extras]) => {
    // JSON text, so that a "__proto__" key is an own key as it would be on the wire.
    const input: Record<string, unknown> = { ...artifactInput({ name: `Hostile Lamp ${n}` }) };
    for (const [field, change] of changes) {
      if (change === 'drop') delete input[field];
      else input[field] = change;
    }
    const entries = Object.entries(input).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`);
    for (const [key, value] of extras) entries.push(`${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`);
    return `{${entries.join(',')}}`;
  });

/** A valid input but for one text field holding unicode edge cases: most of these are accepted. */
const edgyButValid = fc
  .tuple(fc.nat(), fc.constantFrom<keyof ArtifactInput>('name', 'context', 'shortDescription', 'discoveredBy', 'location', 'createdAt'), fc.constantFrom(...NASTY_TEXTS.filter((text) => text.length > 0 && text.length < 50)))
  .map(([n, field, text]) => JSON.stringify({ ...artifactInput({ name: `Edgy Lamp ${n}` }), [field]: `${text} ${n}` }));

const rawJunk = fc.constantFrom(
  '',
  '{',
  '{"name":',
  "{'name': 'single quotes'}",
  'NaN',
  'null',
  '"just a string"',
  '[]',
  '[1,2,3]',
  '{"name": "a", "name": "b"}',
  '\u0000',
  '{"__proto__": {"isAdmin": true}, "name": "proto"}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  'name=Lamp&type=Tools',
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/merge-patch+json',
];

interface Body {
  text: string;
  contentType: string | undefined;
}

const validInput = fc.nat().map((n) => JSON.stringify(artifactInput({ name: `Valid Lamp ${n}` })));

const body: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 2, arbitrary: validInput.map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 4, arbitrary: mutatedInput.map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 2, arbitrary: edgyButValid.map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ text: JSON.stringify(value) ?? 'null', contentType: 'application/json' })) },
  { weight: 2, arbitrary: fc.tuple(rawJunk, fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined })).map(([text, contentType]) => ({ text, contentType })) },
  { weight: 1, arbitrary: fc.tuple(mutatedInput, fc.constantFrom(...CONTENT_TYPES)).map(([text, contentType]) => ({ text, contentType })) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** A path segment or query value, percent-encoded (or deliberately not). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // Lone surrogates cannot be encoded: send the bytes a careless client would (CESU-8).
    return Buffer.from(text, 'latin1').toString('hex').replace(/../g, '%$&');
  }
}

const rawPercent = fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AE%C0%AE', '%00', '%2e%2e%2f', '%FF%FE', '%u0041');

const idSegment = fc.oneof(
  { weight: 3, arbitrary: fc.nat().map((known): string | { known: number } => ({ known })) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9a-f]{24}$/) },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.stringMatching(/^[0-9a-fA-F]{23}$/),
      fc.stringMatching(/^[0-9a-f]{25}$/),
      fc.stringMatching(/^[g-z]{24}$/),
      fc.constantFrom('', 'null', 'undefined', '0', '-1', '1e3', '..', '.', 'toggle-like', '[object Object]', '{"$gt":""}', '000000000000000000000000', 'ffffffffffffffffffffffff', ' '.repeat(24), 'a'.repeat(5000)),
      hostileText.filter((text) => text.length < 3000).map(encode),
    ),
  },
  { weight: 1, arbitrary: rawPercent },
);

const KNOWN_QUERY_KEYS = ['search', 'type', 'sort', 'email', 'limit', 'page', 'from', 'to', 'within', 'place'];
const queryKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_QUERY_KEYS) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', '$gt', 'a[$gt]', 'a[$ne]', '__proto__[polluted]', 'constructor[prototype][polluted]'),
      fc.constantFrom(...KNOWN_QUERY_KEYS).map((key) => `${key}[$gt]`),
      fc.constantFrom(...KNOWN_QUERY_KEYS).map((key) => `${key}[]`),
      fc.constantFrom(...KNOWN_QUERY_KEYS).map((key) => `${key}[$ne]`),
    ),
  },
  { weight: 1, arbitrary: hostileText.filter((text) => text.length < 200) },
);
const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '2', '100', '101', '0', '-1', '1.5', '1e2', '0x10', ' 1', '99999999999999999999', 'Tools', 'tools', 'name', 'latest', 'likes', 'LIKES', 'lamp', 'a@b.c', 'Rosetta') },
  // Years, eras, places and the new sorts: edges of the signed-year range, year 0, words.
  { weight: 2, arbitrary: fc.constantFrom('-10000000', '-10000001', '9999', '10000', '-0', '+5', '-1360', '1360 BC', 'true', 'false', 'TRUE', 'era-asc', 'era-desc', 'relevance', 'Egypt', 'Unknown', '') },
  { weight: 1, arbitrary: fc.integer({ min: -20_000_000, max: 20_000 }).map(String) },
  { weight: 3, arbitrary: hostileText.filter((text) => text.length < 500) },
  { weight: 1, arbitrary: fc.constantFrom('{"$gt":""}', '[$gt]=', '$where', 'x'.repeat(101), 'x'.repeat(5000)) },
);
const query: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.tuple(queryKey, queryValue).map(([key, value]) => `${encode(key)}=${encode(value)}`) },
      { weight: 1, arbitrary: fc.tuple(queryKey, rawPercent).map(([key, value]) => `${encode(key)}=${value}`) },
      { weight: 1, arbitrary: fc.constantFrom('', '=', '&', 'limit', 'page=', '=x', 'a[$gt]=', 'a%5B%24gt%5D=', 'search[$regex]=.*', 'email[$ne]=x') },
    ),
    { maxLength: 5 },
  )
  // Repeat some parameters: repeated keys arrive as arrays.
  .chain((parts) => fc.boolean().map((repeat) => (repeat && parts.length > 0 ? [...parts, ...parts] : parts)))
  .map((parts) => (parts.length > 0 ? `?${parts.join('&')}` : ''));

type Auth = 'none' | 'owner' | 'other' | 'deploy' | 'moderator' | { header: string } | { forged: { who: string; overrides: [string, unknown][] } };

const forgedClaims = fc
  .tuple(
    fc.constantFrom('owner', 'other', 'stranger'),
    fc.array(
      fc.tuple(fc.constantFrom('sub', 'user_id', 'name', 'email', 'aud', 'iss', 'exp', 'iat', 'auth_time', 'firebase', '__proto__'), hostileValue),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([who, overrides]) => ({ who, overrides }));

/** A real user's token with a name or email claim a profile could hold: these are accepted. */
const oddProfile = fc
  .tuple(fc.constantFrom('owner', 'other'), fc.constantFrom('name', 'email'), fc.oneof(hostileText.filter((text) => text.length < 8000), injection))
  .map(([who, claim, value]) => ({ who, overrides: [[claim, value]] as [string, unknown][] }));

const auth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Auth>('none') },
  { weight: 4, arbitrary: fc.constant<Auth>('owner') },
  { weight: 2, arbitrary: fc.constant<Auth>('other') },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom('Bearer', 'Bearer ', 'Bearer  ', 'Basic dXNlcjpwYXNz', 'bearer abc', 'Bearer null', 'Bearer undefined', 'Bearer a.b.c', 'Bearer ...', 'Bearer eyJhbGciOiJub25lIn0.e30.', 'Bearer eyJhbGciOiJub25lIn0.bnVsbA.', 'Bearer eyJhbGciOiJub25lIn0.WzFd.', 'Token x'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((text) => `Bearer ${text}`),
        fc.constantFrom(1_000, 12_000, 20_000).map((length) => `Bearer ${'a'.repeat(length)}`),
      )
      .map((header) => ({ header })),
  },
  { weight: 2, arbitrary: forgedClaims.map((forged): Auth => ({ forged })) },
  { weight: 2, arbitrary: oddProfile.map((forged): Auth => ({ forged })) },
);

/** Writes are where bad data could get in: signed-in callers (odd profiles too) and bodies that mostly pass. */
const writerAuth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Auth>('owner') },
  { weight: 2, arbitrary: fc.constant<Auth>('other') },
  { weight: 3, arbitrary: oddProfile.map((forged): Auth => ({ forged })) },
  { weight: 2, arbitrary: auth },
);
const writeBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 3, arbitrary: validInput.map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 3, arbitrary: edgyButValid.map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 4, arbitrary: body },
);

// ---------- the release registry ----------

/** A few versions that keep coming back, so publish, promote, rollback and prune meet each other. */
const VERSION_POOL = ['0.1.0-000000000001', '0.1.0-000000000002', '0.2.0-00000000000a', '1.0.0-abcdefabcdef', '9999.9999.9999-ffffffffffff'];
const MANIFESTS = ['https://cdn.example.org/remotes/mf-manifest.json', '/remotes/catalog/mf-manifest.json', 'http://127.0.0.1:4201/mf-manifest.json'];

const remoteSegment = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<string>(...RELEASE_REMOTES) },
  { weight: 2, arbitrary: fc.constantFrom('checkout', 'CATALOG', 'Catalog', '__proto__', 'constructor', 'telemetry', 'routing', 'promote', '%00', '%2e%2e', 'catalog%00', '..') },
  { weight: 1, arbitrary: hostileText.filter((text) => text.length > 0 && text.length < 200).map(encode) },
);
const versionText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...VERSION_POOL) },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12}$/) },
  { weight: 2, arbitrary: fc.constantFrom('1.0.0', '0.1.0-3F9A2B1C4D5E', '0.1.0-3f9a2b1c4d5e ', '00000.1.0-3f9a2b1c4d5e', 'latest', '', '0.1.0-3f9a2b1c4d5e\u0000') },
  { weight: 1, arbitrary: hostileText.filter((text) => text.length < 200) },
);
const versionSegment = versionText.map(encode);

/** JSON text of an object with some fields replaced or dropped and stray keys added. */
function mutated(base: fc.Arbitrary<Record<string, unknown>>, fields: readonly string[], strays: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      base,
      fc.array(fc.tuple(fc.constantFrom(...fields), fc.oneof(fc.constant<'drop'>('drop'), hostileValue)), { maxLength: 3 }),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...strays), hostileText), hostileValue), { maxLength: 2 }),
    )
    .map(([input, changes, extras]) => {
      const object: Record<string, unknown> = { ...input };
      for (const [field, change] of changes) {
        if (change === 'drop') delete object[field];
        else object[field] = change;
      }
      const entries = Object.entries(object).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`);
      for (const [key, value] of extras) entries.push(`${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`);
      return `{${entries.join(',')}}`;
    });
}

const RELEASE_STRAYS = ['remote', 'publishedAt', 'lastLiveAt', '_id', 'revision', 'live', 'canary', '__proto__', 'constructor', '$set', 'a.b'];
const hostileShared = fc.oneof(
  fc.constant<unknown>({ react: '^19.0.0', 'lodash.debounce': '4.x', '@antiquarium/contracts': '0.1.0' }),
  fc.dictionary(fc.oneof(fc.constantFrom('react', '@scope/pkg', '__proto__', '$gt', 'a.b', 'constructor', '', 'React'), hostileText), fc.oneof(fc.constantFrom('^1.0.0', '*', ''), hostileValue), { maxKeys: 4 }),
  hostileValue,
);
const validRelease = fc
  .tuple(fc.constantFrom(...VERSION_POOL), fc.constantFrom(...MANIFESTS), fc.option(hostileText.filter((text) => text.length < 600), { nil: undefined }))
  .map(([version, manifestUrl, notes]) => ({ version, manifestUrl, shared: { react: '^19.0.0' }, exposes: ['./Home', './pages/Details'], ...(notes === undefined ? {} : { notes }) }));
const releaseBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 3, arbitrary: validRelease.map((input) => ({ text: JSON.stringify(input), contentType: 'application/json' })) },
  {
    weight: 3,
    arbitrary: fc.tuple(validRelease, hostileShared).map(([input, shared]) => ({ text: JSON.stringify({ ...input, shared }) ?? 'null', contentType: 'application/json' })),
  },
  { weight: 4, arbitrary: mutated(validRelease, ['version', 'manifestUrl', 'shared', 'exposes', 'notes', 'publishedBy'], RELEASE_STRAYS).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 2, arbitrary: body },
);

const promoteBase = fc
  .tuple(fc.constantFrom(...VERSION_POOL), fc.option(fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, 100, 99, 1, 101, -1, 50.5)), { nil: undefined }))
  .map(([version, percent]) => ({ version, ...(percent === undefined ? {} : { percent }), by: 'hostile' }));
const promoteBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 5, arbitrary: promoteBase.map((input) => ({ text: JSON.stringify(input), contentType: 'application/json' })) },
  { weight: 3, arbitrary: mutated(promoteBase, ['version', 'percent', 'by'], ['live', 'canary', '$inc', '__proto__']).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: body },
);
const rollbackBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: mutated(fc.constant({ by: 'hostile', reason: 'testing' }), ['by', 'reason'], ['version', 'history', '$set']).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: body },
);

const telemetryEvent = fc
  .tuple(fc.constantFrom<string>(...RELEASE_REMOTES), fc.constantFrom(...VERSION_POOL), fc.constantFrom<string>(...TELEMETRY_KINDS), fc.option(fc.integer({ min: 0, max: 130_000 }), { nil: undefined }))
  .map(([remote, version, kind, ms]) => ({ remote, version, kind, ...(ms === undefined ? {} : { ms }) }));
const hostileEvent = mutated(telemetryEvent, ['remote', 'version', 'kind', 'ms'], ['count', 'views', '$inc', '__proto__', 'minute']);
/** Where the run puts the request's ticket (TicketChoice) into a telemetry body: a JSON string. */
const TICKET_SLOT = '"@ticket@"';
const telemetryText = fc.oneof(
  { weight: 4, arbitrary: fc.array(telemetryEvent, { maxLength: 60 }).map((events) => `{"ticket":${TICKET_SLOT},"events":${JSON.stringify(events)}}`) },
  { weight: 3, arbitrary: fc.array(hostileEvent, { maxLength: 5 }).map((events) => `{"ticket":${TICKET_SLOT},"events":[${events.join(',')}]}`) },
  { weight: 1, arbitrary: fc.array(telemetryEvent, { maxLength: 5 }).map((events) => JSON.stringify({ events })) },
  { weight: 1, arbitrary: fc.array(telemetryEvent, { minLength: 1, maxLength: 3 }).map((events) => `{"ticket":${TICKET_SLOT},"events":${JSON.stringify(events)},"padding":"${'x'.repeat(TELEMETRY_MAX_BYTES)}"}`) },
  { weight: 1, arbitrary: fc.tuple(hostileValue, fc.array(telemetryEvent, { maxLength: 3 })).map(([ticket, events]) => JSON.stringify({ ticket, events }) ?? 'null') },
  { weight: 1, arbitrary: hostileValue.map((value) => `{"ticket":${TICKET_SLOT},"events":${JSON.stringify(value) ?? 'null'}}`) },
  { weight: 1, arbitrary: rawJunk },
);

/**
 * The ticket a telemetry request carries: the routing's own (fresh, or one used before), or one the
 * api must refuse (past its life, its payload changed, another key's), or any text at all.
 */
type TicketChoice = 'fresh' | 'replayed' | 'expired' | 'tampered' | 'foreign' | { text: string };
const ticketChoice: fc.Arbitrary<TicketChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<TicketChoice>('fresh') },
  { weight: 2, arbitrary: fc.constantFrom<TicketChoice>('replayed', 'expired', 'tampered', 'foreign') },
  { weight: 1, arbitrary: fc.oneof(hostileText, fc.constantFrom('t1..', 't1.e30.', `t1.${'A'.repeat(2000)}.x`, 't1.eyJpIjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).map((text): TicketChoice => ({ text })) },
);
/** Who sends it: a page of the site, another site's page, or no browser at all. */
const telemetryOrigin = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Record<string, string>>({ origin: SITE_ORIGIN }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${SITE_ORIGIN}.evil.example` },
      {},
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ),
  },
);
const telemetryBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(telemetryText, fc.constantFrom('text/plain;charset=UTF-8', 'application/json', 'text/plain')).map(([text, contentType]) => ({ text, contentType })) },
  { weight: 1, arbitrary: fc.tuple(telemetryText, fc.option(fc.constantFrom(...CONTENT_TYPES, 'text/plain; charset=utf-16', 'text/plain; charset=nonsense'), { nil: undefined })).map(([text, contentType]) => ({ text, contentType })) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** The registry's changes: mostly with the deploy token, so that requests reach its rules. */
const deployAuth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Auth>('deploy') },
  { weight: 1, arbitrary: fc.constantFrom<Auth>({ header: `Bearer ${DEPLOY_TOKEN.slice(0, -1)}` }, { header: `Bearer ${DEPLOY_TOKEN}${DEPLOY_TOKEN}` }, { header: `Basic ${DEPLOY_TOKEN}` }, { header: `Bearer ${DEPLOY_TOKEN.toUpperCase()}` }) },
  { weight: 2, arbitrary: auth },
);

// ---------- notices, decisions, appeals ----------

/** Where the run puts a known id into a body or path: an artifact's, a decision's, an appeal's. */
const ARTIFACT_SLOT = '@artifact@';
const DECISION_SLOT = '@decision@';
const APPEAL_SLOT = '@appeal@';
const shortText = hostileText.filter((text) => text.length < 3000);
const validReport = fc
  .tuple(fc.constantFrom<string>(...REPORT_REASONS), fc.option(shortText, { nil: undefined }), fc.option(fc.constantFrom('a@b.example', 'not-an-email', ''), { nil: undefined }))
  .map(([reason, details, email]) => ({ artifactId: ARTIFACT_SLOT, reason, details: details ?? 'Seen elsewhere', ...(email === undefined ? {} : { email }), goodFaith: true }));
const reportBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 4, arbitrary: validReport.map((input) => ({ text: JSON.stringify(input), contentType: 'application/json' })) },
  { weight: 4, arbitrary: mutated(validReport, ['artifactId', 'reason', 'details', 'email', 'goodFaith'], ['reporterUid', 'status', 'receiptHash', 'decisionId', '$set', '__proto__']).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: body },
);
const validDecision = fc
  .tuple(fc.constantFrom('keep', 'keep', 'keep', ...DECISION_ACTIONS), fc.constantFrom<string>(...REPORT_REASONS, ...TERMS_RULE_IDS), shortText, fc.boolean())
  .map(([action, ground, facts, unfounded]) => ({ artifactId: ARTIFACT_SLOT, action, ground, facts: facts || 'Facts', reportIds: [], ...(action === 'keep' && unfounded ? { unfounded } : {}) }));
const decisionBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 4, arbitrary: validDecision.map((input) => ({ text: JSON.stringify(input), contentType: 'application/json' })) },
  { weight: 4, arbitrary: mutated(validDecision, ['artifactId', 'action', 'ground', 'facts', 'reportIds', 'unfounded'], ['moderatorUid', 'decidedAt', 'reversedAt', '$set', '__proto__']).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: body },
);
const validAppeal = shortText.map((text) => ({ decisionId: DECISION_SLOT, text: text || 'Please look again' }));
const appealBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 4, arbitrary: validAppeal.map((input) => ({ text: JSON.stringify(input), contentType: 'application/json' })) },
  { weight: 4, arbitrary: mutated(validAppeal, ['decisionId', 'text'], ['status', 'appellantUid', 'messages', '$push', '__proto__']).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: body },
);
const appealReplyBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('upheld', 'reversed', 'maybe'), shortText).map(([outcome, reasons]) => ({ text: JSON.stringify({ outcome, reasons }), contentType: 'application/json' })) },
  { weight: 3, arbitrary: shortText.map((text) => ({ text: JSON.stringify({ text }), contentType: 'application/json' })) },
  { weight: 2, arbitrary: mutated(fc.constant({ outcome: 'reversed', reasons: 'Wrong' }), ['outcome', 'reasons'], ['decidedBy', 'status', '$set']).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: body },
);
// ---------- members' data ----------

/**
 * DELETE /me bodies: valid choices and malformed ones, with a confirmation that is never the
 * caller's email (a hostile request must not delete the run's members; the email rule is what it meets).
 */
const deleteMeBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom('delete', 'anonymize', 'keep', 'DELETE', ''), fc.oneof(fc.constant('someone-else@example.org'), shortText))
      .map(([contributions, confirmEmail]) => ({ text: JSON.stringify({ contributions, confirmEmail }), contentType: 'application/json' })),
  },
  { weight: 3, arbitrary: mutated(fc.constant({ contributions: 'delete', confirmEmail: 'someone-else@example.org' }), ['contributions', 'confirmEmail'], ['uid', '$set', '__proto__', 'email']).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 1, arbitrary: body },
);

/** Moderators' routes: mostly by a moderator, so that requests reach the rules, not only the guard. */
const moderatorAuth: fc.Arbitrary<Auth> = fc.oneof({ weight: 6, arbitrary: fc.constant<Auth>('moderator') }, { weight: 3, arbitrary: auth });
const appealAuth: fc.Arbitrary<Auth> = fc.oneof({ weight: 3, arbitrary: fc.constant<Auth>('owner') }, { weight: 2, arbitrary: fc.constant<Auth>('moderator') }, { weight: 2, arbitrary: auth });
const slotSegment = (slot: string) => fc.oneof({ weight: 3, arbitrary: fc.constant(slot) }, { weight: 2, arbitrary: idSegment.map((id) => (typeof id === 'string' ? id : slot)) });
const moderationRead = fc.oneof(
  fc.constantFrom('/moderation/reports', '/moderation/appeals', '/moderation/cases', '/moderation/audit', '/me/reports', '/me/notices', '/me/standing', '/transparency').chain((path) => query.map((q) => `${path}${q}`)),
  fc.constantFrom('?status=open', '?status=decided', '?status=closed', '?status[$ne]=x').map((q) => `/moderation/appeals${q}`),
  slotSegment(APPEAL_SLOT).map((id) => `/appeals/${id}`),
  fc.tuple(idSegment, fc.oneof(fc.constant(''), query, hostileText.filter((text) => text.length < 300).map((text) => `?receipt=${encode(text)}`))).map(([id, q]) => `/reports/${typeof id === 'string' ? id : `@known${id.known}`}${q}`),
);

// ---------- collections ----------

/** Where the run puts a known collection's id (made in the setup or by a generated 201), and a member's uid. */
const COLLECTION_SLOT = '@collection@';
const MEMBER_SLOT = '@member@';
const asJson = (text: string): Body => ({ text, contentType: 'application/json' });
const validCollection = fc
  .tuple(shortText, fc.option(shortText, { nil: undefined }), fc.constantFrom('public', 'private', 'public', 'secret', ''))
  .map(([title, description, visibility]) => ({ title: title || 'Lamps', ...(description === undefined ? {} : { description }), visibility }));
const collectionBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 4, arbitrary: validCollection.map((input) => asJson(JSON.stringify(input))) },
  { weight: 4, arbitrary: mutated(validCollection, ['title', 'description', 'visibility'], ['ownerUid', 'ownerName', 'items', 'createdAt', '_id', '$set', '__proto__']).map(asJson) },
  { weight: 1, arbitrary: body },
);
/** One item as JSON text: mostly a known artifact with a note, or its fields replaced and stray keys added. */
const collectionItem = fc.oneof(
  { weight: 4, arbitrary: fc.option(shortText, { nil: undefined }).map((note) => JSON.stringify({ artifactId: ARTIFACT_SLOT, ...(note === undefined ? {} : { note }) })) },
  { weight: 2, arbitrary: mutated(fc.constant({ artifactId: ARTIFACT_SLOT, note: 'Why' }), ['artifactId', 'note'], ['position', '_id', '$set', '__proto__']) },
  { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
);
const itemsBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  // The slot names one artifact: lists of one are stored, longer ones meet the duplicate rule.
  { weight: 5, arbitrary: fc.array(collectionItem, { maxLength: 3 }).map((items) => asJson(`[${items.join(',')}]`)) },
  { weight: 1, arbitrary: fc.constantFrom(200, 201).map((length) => asJson(JSON.stringify(Array.from({ length }, (_, n) => ({ artifactId: n.toString(16).padStart(24, '0'), note: '' }))))) },
  { weight: 2, arbitrary: body },
);
const memberSegment = fc.oneof(
  { weight: 4, arbitrary: fc.constant(MEMBER_SLOT) },
  { weight: 2, arbitrary: fc.constantFrom('no-such-member', 'x'.repeat(129), '%00', '..', '__proto__', '$where', '%24gt', 'a%20b') },
  { weight: 1, arbitrary: hostileText.filter((text) => text.length > 0 && text.length < 300).map(encode) },
);
const collectionPath = (suffix: string) => fc.tuple(slotSegment(COLLECTION_SLOT), fc.constant(suffix)).map(([id, rest]) => `/collections/${id}${rest}`);

// ---------- contact messages ----------

/** Where the run puts a known contact message's id (a generated 201 of POST /contact). */
const CONTACT_SLOT = '@contact@';
const contactText = (plain: string[]) => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...plain) }, { weight: 1, arbitrary: shortText });
const validContact = fc
  .tuple(
    contactText(['Ada', 'Eleanor Hartley', 'שלום עולם']),
    fc.constantFrom('ada@example.org', ' ada@example.org ', 'a@b.c', 'ada@example.org', 'not-an-email', '', 'x@y'),
    contactText(['Where was the astrolabe found?', 'Please correct the date 🏺', 'Hello\r\nthere']),
  )
  .map(([name, email, message]) => ({ name, email, message }));
const contactBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 4, arbitrary: validContact.map((input) => asJson(JSON.stringify(input))) },
  { weight: 4, arbitrary: mutated(validContact, ['name', 'email', 'message'], ['senderUid', 'status', 'handledAt', 'handledBy', 'receivedAt', '_id', '$set', '__proto__']).map(asJson) },
  { weight: 1, arbitrary: body },
);
const contactInboxQuery = fc.oneof(query, fc.constantFrom('?status=open', '?status=handled', '?status=closed', '?status[$ne]=x', '?status=open&limit=100', '?status=handled&page=2&limit=1', '?limit=101'));

interface HostileRequest {
  kind: string;
  method: string;
  path: string;
  auth: Auth;
  body?: Body;
  telemetry?: { ticket: TicketChoice; headers: Record<string, string> };
}

/** The open data's own parameters (api/src/open-data): cursors real, forged and hostile, limits and formats. */
const openDataQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.constant(''),
      fc.constantFrom('NjVhMDAwMDAwMDAwMDAwMDAwMDAwMDAw', Buffer.from('f'.repeat(24)).toString('base64url'), 'Zm9v', '====', '%00', 'a'.repeat(65)).map((cursor) => `cursor=${cursor}`),
      hostileText.filter((text) => text.length < 200).map((text) => `cursor=${encode(text)}`),
    ),
    fc.constantFrom('', 'limit=1', 'limit=5000', 'limit=5001', 'limit=0', 'limit=-1', 'limit=1e3', 'limit=abc', 'limit=99999999999'),
    fc.constantFrom('', 'format=csv', 'format=jsonl', 'format=CSV', 'format=xml', 'format[$ne]=x'),
  )
  .map((parts) => `?${parts.filter(Boolean).join('&')}`);

const request: fc.Arbitrary<HostileRequest> = fc.oneof(
  fc.record({ kind: fc.constant('GET /artifacts'), method: fc.constant('GET'), path: query.map((q) => `/artifacts${q}`), auth }),
  fc.record({ kind: fc.constant('GET /artifacts/facets'), method: fc.constant('GET'), path: query.map((q) => `/artifacts/facets${q}`), auth }),
  fc.record({ kind: fc.constant('GET /artifacts/:id'), method: fc.constant('GET'), path: fc.tuple(idSegment, query).map(([id, q]) => ({ id, q })).map(pathWith('/artifacts/')), auth }),
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('POST /artifacts'), method: fc.constant('POST'), path: query.map((q) => `/artifacts${q}`), auth: writerAuth, body: writeBody }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('PATCH /artifacts/:id'), method: fc.constant('PATCH'), path: fc.tuple(idSegment, fc.constant('')).map(([id, q]) => ({ id, q })).map(pathWith('/artifacts/')), auth: writerAuth, body: writeBody }),
  },
  fc.record({ kind: fc.constant('DELETE /artifacts/:id'), method: fc.constant('DELETE'), path: fc.tuple(idSegment, fc.constant('')).map(([id, q]) => ({ id, q })).map(pathWith('/artifacts/')), auth: writerAuth, body }),
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('PATCH /artifacts/toggle-like/:id'), method: fc.constant('PATCH'), path: fc.tuple(idSegment, query).map(([id, q]) => ({ id, q })).map(pathWith('/artifacts/toggle-like/')), auth: writerAuth, body }),
  },
  fc.record({ kind: fc.constant('GET /liked-artifacts'), method: fc.constant('GET'), path: query.map((q) => `/liked-artifacts${q}`), auth }),
  fc.record({ kind: fc.constant('GET /open-data/artifacts'), method: fc.constant('GET'), path: fc.oneof(query, openDataQuery).map((q) => `/open-data/artifacts${q}`), auth }),
  fc.record({ kind: fc.constant('GET /contributors/top'), method: fc.constant('GET'), path: query.map((q) => `/contributors/top${q}`), auth }),
  fc.record({ kind: fc.constant('GET /health'), method: fc.constant('GET'), path: fc.tuple(fc.constantFrom('/health', '/health/ready'), query).map(([p, q]) => `${p}${q}`), auth }),
  fc.record({ kind: fc.constant('GET /releases/routing'), method: fc.constant('GET'), path: query.map((q) => `/releases/routing${q}`), auth }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('POST /releases/telemetry'),
      method: fc.constant('POST'),
      path: fc.constantFrom('/releases/telemetry', '/releases/telemetry/', '/RELEASES/TELEMETRY', '/releases/telemetry?x=1'),
      auth,
      body: telemetryBody,
      telemetry: fc.record({ ticket: ticketChoice, headers: telemetryOrigin }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('POST /releases/:remote'), method: fc.constant('POST'), path: remoteSegment.map((remote) => `/releases/${remote}`), auth: deployAuth, body: releaseBody }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('POST /releases/:remote/promote'), method: fc.constant('POST'), path: remoteSegment.map((remote) => `/releases/${remote}/promote`), auth: deployAuth, body: promoteBody }),
  },
  fc.record({ kind: fc.constant('POST /releases/:remote/rollback'), method: fc.constant('POST'), path: remoteSegment.map((remote) => `/releases/${remote}/rollback`), auth: deployAuth, body: rollbackBody }),
  fc.record({ kind: fc.constant('DELETE /releases/:remote/:version'), method: fc.constant('DELETE'), path: fc.tuple(remoteSegment, versionSegment).map(([remote, version]) => `/releases/${remote}/${version}`), auth: deployAuth, body }),
  fc.record({ kind: fc.constant('GET /releases'), method: fc.constant('GET'), path: query.map((q) => `/releases${q}`), auth: deployAuth }),
  fc.record({ kind: fc.constant('GET /releases/:remote/:version'), method: fc.constant('GET'), path: fc.tuple(remoteSegment, versionSegment).map(([remote, version]) => `/releases/${remote}/${version}`), auth: deployAuth }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('POST /reports'), method: fc.constant('POST'), path: fc.constantFrom('/reports', '/reports/', '/reports?x=1'), auth, body: reportBody }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('POST /moderation/decisions'), method: fc.constant('POST'), path: fc.constant('/moderation/decisions'), auth: moderatorAuth, body: decisionBody }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('POST /appeals'), method: fc.constant('POST'), path: fc.constant('/appeals'), auth: appealAuth, body: appealBody }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('POST appeal messages and decisions'),
      method: fc.constant('POST'),
      path: fc.tuple(fc.constantFrom('/appeals/:id/messages', '/moderation/appeals/:id/decision'), slotSegment(APPEAL_SLOT)).map(([path, id]) => path.replace(':id', id)),
      auth: appealAuth,
      body: appealReplyBody,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('GET moderation reads'), method: fc.constant('GET'), path: moderationRead, auth: moderatorAuth }) },
  fc.record({ kind: fc.constant('GET /me/export'), method: fc.constant('GET'), path: fc.oneof(fc.constant('/me/export'), query.map((q) => `/me/export${q}`)), auth }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('DELETE /me'), method: fc.constant('DELETE'), path: fc.constantFrom('/me', '/me/', '/me?contributions=delete'), auth, body: deleteMeBody }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('POST /collections'), method: fc.constant('POST'), path: fc.constantFrom('/collections', '/collections/', '/collections?x=1'), auth: writerAuth, body: collectionBody }) },
  fc.record({ kind: fc.constant('GET /collections/:id'), method: fc.constant('GET'), path: fc.tuple(collectionPath(''), fc.oneof(fc.constant(''), query)).map(([p, q]) => `${p}${q}`), auth }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('PATCH /collections/:id'), method: fc.constant('PATCH'), path: collectionPath(''), auth: writerAuth, body: collectionBody }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('PUT /collections/:id/items'), method: fc.constant('PUT'), path: collectionPath('/items'), auth: writerAuth, body: itemsBody }) },
  fc.record({ kind: fc.constant('DELETE /collections/:id'), method: fc.constant('DELETE'), path: collectionPath(''), auth: writerAuth, body }),
  fc.record({ kind: fc.constant('GET /me/collections'), method: fc.constant('GET'), path: query.map((q) => `/me/collections${q}`), auth }),
  fc.record({ kind: fc.constant('GET /members/:uid/collections'), method: fc.constant('GET'), path: fc.tuple(memberSegment, query).map(([uid, q]) => `/members/${uid}/collections${q}`), auth }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('POST /contact'), method: fc.constant('POST'), path: fc.constantFrom('/contact', '/contact/', '/contact?x=1'), auth, body: contactBody }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('GET /moderation/contact'), method: fc.constant('GET'), path: contactInboxQuery.map((q) => `/moderation/contact${q}`), auth: moderatorAuth }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('POST /moderation/contact/:id/handled'),
      method: fc.constant('POST'),
      path: slotSegment(CONTACT_SLOT).map((id) => `/moderation/contact/${id}/handled`),
      auth: moderatorAuth,
      body,
    }),
  },
  fc.record({
    kind: fc.constant('other routes and methods'),
    method: fc.constantFrom('PUT', 'POST', 'DELETE', 'PATCH', 'GET'),
    path: fc.constantFrom('/artifacts', '/artifacts/', '//artifacts', '/ARTIFACTS', '/artifacts/a/b', '/health', '/liked-artifacts', '/contributors', '/contributors/top', '/media/..%2f..%2fetc%2fpasswd', '/media/%00', '/docs', '/artifacts/toggle-like', '/%ZZ', '/artifacts?limit=1#frag', '/releases', '/releases/routing', '/releases/telemetry', '/releases/catalog/promote/x', '/releases/catalog/a/b/c'),
    auth,
    body,
  }),
);

function pathWith(prefix: string) {
  return ({ id, q }: { id: string | { known: number }; q: string }) => `${prefix}${typeof id === 'string' ? id : `@known${id.known}`}${q}`;
}

// ---------- the run ----------

function authorization(choice: HostileRequest['auth']): string | undefined {
  if (choice === 'none') return undefined;
  if (choice === 'owner') return `Bearer ${owner.token}`;
  if (choice === 'other') return `Bearer ${other.token}`;
  if (choice === 'moderator') return `Bearer ${moderator.token}`;
  if (choice === 'deploy') return `Bearer ${DEPLOY_TOKEN}`;
  if ('header' in choice) return choice.header;
  const { who, overrides } = choice.forged;
  const base = who === 'stranger' ? tokenClaims({ ...owner, uid: 'no-such-user-uid' }) : tokenClaims(who === 'owner' ? owner : other);
  const claims: Record<string, unknown> = { ...base };
  for (const [key, value] of overrides) claims[key] = value;
  return `Bearer ${unsignedToken(claims)}`;
}

let lastTicket: string | undefined;

/** A ticket from the routing answer, as a page load gets it. */
async function freshTicket(): Promise<string> {
  const answer = await call(api.url, '/releases/routing');
  const ticket = answer.headers.get(TELEMETRY_TICKET_HEADER);
  if (answer.status !== 200 || !ticket) throw new Error(`the routing answered ${answer.status} without a ticket`);
  lastTicket = ticket;
  return ticket;
}

/** The ticket text a request carries (TicketChoice). */
async function ticketText(choice: TicketChoice): Promise<string> {
  if (typeof choice === 'object') return choice.text;
  if (choice === 'fresh' || (choice === 'replayed' && lastTicket === undefined)) return freshTicket();
  if (choice === 'replayed') return lastTicket as string;
  const ticket = await freshTicket();
  const read = ticketSigner.read(ticket);
  if (typeof read === 'string') throw new Error(`the api's own ticket did not read: ${read}`);
  const everything: TicketReleases = Object.fromEntries(RELEASE_REMOTES.map((remote) => [remote, VERSION_POOL.slice(0, 2)]));
  if (choice === 'expired') return ticketSigner.encode({ ...read, expiresAt: Date.now() - 1000 });
  if (choice === 'foreign') return foreignSigner.encode({ ...read, releases: everything });
  const [format, , signature] = ticket.split('.');
  const payload = Buffer.from(JSON.stringify({ i: read.id, c: read.client, e: read.expiresAt, r: everything })).toString('base64url');
  return `${format}.${payload}.${signature}`;
}

/**
 * Valid requests the run starts with (fast-check's examples, counted in RUNS): each write the checks
 * after the run expect to find stored is reached whatever the seed draws. Left to chance, one of
 * them (about 25 'mark handled' requests a run, most refused at the guard or the body) found
 * nothing to check about once in 30 runs.
 */
const json = (value: unknown): Body => asJson(JSON.stringify(value));
const EXAMPLES: HostileRequest[] = [
  { kind: 'POST /collections', method: 'POST', path: '/collections', auth: 'owner', body: json({ title: 'Lamps', visibility: 'public' }) },
  { kind: 'POST /reports', method: 'POST', path: '/reports', auth: 'none', body: json({ artifactId: ARTIFACT_SLOT, reason: REPORT_REASONS[0], details: 'Seen elsewhere', goodFaith: true }) },
  {
    kind: 'POST /moderation/decisions',
    method: 'POST',
    path: '/moderation/decisions',
    auth: 'moderator',
    body: json({ artifactId: ARTIFACT_SLOT, action: 'keep', ground: REPORT_REASONS[0], facts: 'Facts', reportIds: [] }),
  },
  { kind: 'POST /contact', method: 'POST', path: '/contact', auth: 'none', body: json({ name: 'Ada', email: 'ada@example.org', message: 'Hello' }) },
  { kind: 'POST /moderation/contact/:id/handled', method: 'POST', path: `/moderation/contact/${CONTACT_SLOT}/handled`, auth: 'moderator' },
];
const WRITES_REACHED = EXAMPLES.map((request): [HostileRequest] => [request]);
/** The kinds whose 2xx stores something (the checks below look for what they stored). */
const WRITE_KINDS = new Set(EXAMPLES.map((request) => request.kind));

test(`${RUNS} generated hostile requests: 2xx or 4xx in the error shape, never a 5xx; the database keeps only valid data`, async () => {
  console.log(`[hostile] fast-check seed ${SEED}, ${RUNS} runs (replay with FC_SEED=${SEED})`);
  const byKind = new Map<string, number>();
  const byStatus = new Map<number, number>();
  let sent = 0;
  /** 2xx answers to the generated requests (not the examples) of the kinds that store something. */
  let generatedWrites = 0;
  const exampleAnswers: string[] = [];
  const started = Date.now();

  await fc.assert(
    fc.asyncProperty(request, async (hostile) => {
      const pick = (pool: string[], fallback: string) => pool[Math.floor(Math.random() * pool.length)] ?? fallback;
      const fill = (text: string) =>
        text
          .replaceAll(ARTIFACT_SLOT, pick(knownIds, 'f'.repeat(24)))
          .replaceAll(DECISION_SLOT, pick(knownDecisions, 'e'.repeat(24)))
          .replaceAll(APPEAL_SLOT, pick(knownAppeals, 'd'.repeat(24)))
          .replaceAll(COLLECTION_SLOT, pick(knownCollections, 'c'.repeat(24)))
          .replaceAll(CONTACT_SLOT, pick(knownContacts, 'b'.repeat(24)))
          .replaceAll(MEMBER_SLOT, pick([owner.uid, other.uid], owner.uid));
      const path = fill(hostile.path.replace(/@known(\d+)/, (_, n: string) => knownIds[Number(n) % knownIds.length] as string));
      const headers: Record<string, string> = {};
      const header = authorization(hostile.auth);
      if (header !== undefined) headers['authorization'] = header;
      // fetch sends no body with a GET.
      const body = hostile.method === 'GET' ? undefined : hostile.body;
      if (body?.contentType) headers['content-type'] = body.contentType;
      let text = body?.text === undefined ? undefined : fill(body.text);
      if (hostile.telemetry) {
        Object.assign(headers, hostile.telemetry.headers);
        if (text?.includes(TICKET_SLOT)) text = text.replace(TICKET_SLOT, JSON.stringify(await ticketText(hostile.telemetry.ticket)));
      }
      const answer = await call(api.url, path, {
        method: hostile.method,
        headers,
        rawBody: text,
        timeoutMs: 15_000,
      });
      sent += 1;
      if (sent <= EXAMPLES.length) exampleAnswers.push(`${hostile.kind} ${answer.status}`);
      else if (answer.status < 300 && WRITE_KINDS.has(hostile.kind)) generatedWrites += 1;
      if (answer.status === 201 && hostile.kind === 'POST /moderation/decisions') knownDecisions.push((answer.body as { id: string }).id);
      if (answer.status === 201 && hostile.kind === 'POST /appeals') knownAppeals.push((answer.body as { id: string }).id);
      // The example's collection stays out of the slots: a generated DELETE of it (and of every other
      // one made) left the checks below nothing stored to look at, once in a CI run (seed 196388794).
      if (answer.status === 201 && hostile.kind === 'POST /collections' && sent > EXAMPLES.length) knownCollections.push((answer.body as { id: string }).id);
      if (answer.status === 201 && hostile.kind === 'POST /contact') knownContacts.push((answer.body as { id: string }).id);
      byKind.set(hostile.kind, (byKind.get(hostile.kind) ?? 0) + 1);
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      const where = `${hostile.method} ${path.slice(0, 200)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
      if (answer.status >= 500) throw new Error(`5xx answer: ${where}`);
      if (answer.status < 200 || (answer.status >= 300 && answer.status < 400)) throw new Error(`unexpected status: ${where}`);
      if (answer.status >= 400) {
        const problem = errorShapeProblem(answer);
        if (problem) throw new Error(`error answer not in the error shape (${problem}): ${where}`);
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true, examples: WRITES_REACHED },
  );

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[hostile] ${sent} requests in ${seconds} s, seed ${SEED}\n  by endpoint: ${JSON.stringify(Object.fromEntries(byKind))}\n  by status: ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}`,
  );
  expect(sent).toBe(RUNS);
  // The examples were stored (a run shorter than them, a replay's, sends fewer).
  expect(exampleAnswers.filter((answer) => !/ 20[01]$/.test(answer))).toEqual([]);
  // A replay (FC_SEED) may be shorter; a normal run is at least 500 requests over every endpoint
  // and reaches the write paths, not only the guards.
  if (process.env['FC_SEED'] === undefined) {
    expect(RUNS).toBeGreaterThanOrEqual(500);
    expect(byKind.size).toBe(37);
    // Every endpoint is hit more than once. The least weighted kinds expect about 17 of 1 000
    // runs (Poisson): a floor of 10 failed about one run in three somewhere among 20 such kinds
    // (seen in CI: 9); below 3 happens about once in 7 000 runs.
    for (const count of byKind.values()) expect(count).toBeGreaterThanOrEqual(3);
    expect(byStatus.get(201) ?? 0).toBeGreaterThan(0);
    expect(byStatus.get(400) ?? 0).toBeGreaterThan(0);
    expect(byStatus.get(401) ?? 0).toBeGreaterThan(0);
    // The generated requests (not only the examples) get past the guards to the writes: about 170
    // of 1 000 runs are of these kinds, and a tenth of them or more were stored in every run seen.
    expect(generatedWrites).toBeGreaterThan(0);
  }

  // The api is still up and serving.
  expect(api.proc.isRunning()).toBe(true);
  expect((await call(api.url, '/health/ready')).status).toBe(200);

  // Only valid artifacts, set by the server where the server owns the field.
  const db = client.db();
  const uids = new Set([owner.uid, other.uid]);
  const artifacts = await db.collection('artifacts').find({}).toArray();
  expect(artifacts.length).toBeGreaterThan(knownIds.length / 2);
  expect(artifacts.flatMap((doc) => artifactProblems(doc, uids))).toEqual([]);
  expect(await counterProblems(db)).toEqual([]);
  // The likes of the artifacts deleted are removed shortly after their deletes answered.
  for (let waited = 0; (await db.collection('like_removals').countDocuments({})) > 0 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await db.collection('like_removals').countDocuments({})).toBe(0);
  const collections = (await db.listCollections().toArray()).map((collection) => collection.name).sort();
  expect(collections.filter((name) => !['artifacts', 'contributors', 'likes', 'like_removals', 'member_deletions', 'collections', 'artifactchanges', 'catalogsnapshots', 'catalogsnapshotchunks', 'contactmessages', 'contact_replies', 'photos', 'mail_outbox', 'mail_attempts', 'mail_preferences', ...RELEASE_COLLECTION_NAMES, ...MODERATION_COLLECTION_NAMES].includes(name))).toEqual([]);
  // No hostile DELETE /me deleted anybody: no deletion recorded, the run's members still export.
  expect(await db.collection('member_deletions').countDocuments({})).toBe(0);
  for (const member of [owner, other]) expect((await call(api.url, '/me/export', { token: member.token })).status).toBe(200);
  // Collections hold only what validation lets through, owned by the run's members; the run stored some.
  expect(await collectionProblems(db, uids)).toEqual([]);
  expect(await db.collection('collections').countDocuments({})).toBeGreaterThan(0);
  // Notices, decisions and appeals hold only what validation lets through, set by the server where it owns the field.
  expect(await moderationProblems(db)).toEqual([]);
  expect(await db.collection('moderation_reports').countDocuments({})).toBeGreaterThan(0);
  expect(await db.collection('moderation_decisions').countDocuments({})).toBeGreaterThan(0);
  // Contact messages hold only what validation lets through, from no one or the run's members; some were stored and handled.
  expect(await contactProblems(db, new Set([owner.uid, other.uid, moderator.uid]))).toEqual([]);
  expect(await db.collection('contactmessages').countDocuments({})).toBeGreaterThan(0);
  expect(await db.collection('contactmessages').countDocuments({ status: 'handled' })).toBeGreaterThan(0);
  // The release registry holds only valid releases, routes that name them, and counts of them.
  expect(await releaseProblems(db)).toEqual([]);
  // The generated requests reached the registry's rules, not only its guards.
  expect(await db.collection('releases').countDocuments({})).toBeGreaterThan(0);
  expect(await db.collection('release_audit').countDocuments({ action: { $ne: 'publish' } })).toBeGreaterThan(0);
  // Telemetry under the routing's tickets was counted, each ticket's view and failure once (the claims'
  // unique _id), and no stats row has more views than claims were made.
  const claims = await db.collection('release_telemetry_claims').countDocuments({ slot: 'view' });
  const views = (await db.collection('release_stats').find({}).toArray()).reduce((sum, row) => sum + ((row['views'] as number | undefined) ?? 0), 0);
  expect(views).toBeLessThanOrEqual(claims);
  // Whether the run's own telemetry was counted depends on what it did to the registry (a generated
  // rollback --to-default leaves no release for a ticket to name). So, after it, one page load of a
  // release made live now: its view is claimed once, its replay not at all.
  const deploy = { authorization: `Bearer ${DEPLOY_TOKEN}` };
  const control = { version: '0.3.0-c0c0c0c0c0c0', manifestUrl: MANIFESTS[0], shared: { react: '^19.0.0' }, exposes: ['./Home'] };
  expect((await call(api.url, '/releases/catalog', { method: 'POST', headers: deploy, body: control })).status).toBe(201);
  expect((await call(api.url, '/releases/catalog/promote', { method: 'POST', headers: deploy, body: { version: control.version } })).status).toBe(200);
  const ticket = await freshTicket();
  const view = JSON.stringify({ ticket, events: [{ remote: 'catalog', version: control.version, kind: 'view', ms: 120 }] });
  for (const attempt of [1, 2]) {
    const sentView = await call(api.url, '/releases/telemetry', { method: 'POST', headers: { origin: SITE_ORIGIN, 'content-type': 'text/plain;charset=UTF-8' }, rawBody: view });
    expect([attempt, sentView.status < 300]).toEqual([attempt, true]);
    expect(await db.collection('release_telemetry_claims').countDocuments({ slot: 'view' })).toBe(claims + 1);
  }
  expect((await call(api.url, '/releases/routing')).status).toBe(200);

  // Nothing polluted the api's objects: its answers carry only the public fields.
  const list = await call<Record<string, unknown>[]>(api.url, '/artifacts?limit=100', { token: owner.token });
  // 'dating' is the server's reading of createdAt (libs/contracts readDate), never a client's value; 'images' the photos the site keeps.
  const publicKeys = new Set(['_id', ...ARTIFACT_FIELDS, ...TERMS_FIELDS, 'adderName', 'adderEmail', 'likes', 'addedAt', 'liked', 'dating', 'moderation', 'images']);
  expect(list.body.flatMap((item) => Object.keys(item).filter((key) => !publicKeys.has(key)))).toEqual([]);
  // Nor the api's prototypes: the api, stopped, reports the keys Object.prototype and the others gained
  // while it served the run (none; a `{"__proto__": ...}` merged into a plain object would add some).
  expect((await stop(api.proc)).code).toBe(0);
  expect(JSON.parse(readFileSync(PROTOTYPE_REPORT, 'utf8'))).toEqual({ added: {} });
}, 240_000);
