import type { AppConfig } from '../config/env';
import type { IdentityAccounts } from './identity-accounts';
import { MemberDataRegistry } from './member-data';
import type { MemberDeletion, MemberDeletionsRepository } from './member-deletions.repository';
import { MembersService, type ExportSink } from './members.service';

const ACCOUNT = { uid: 'u1', email: 'ada@example.com', emailVerified: true, name: 'Ada', photo: null, created: null, lastSignIn: null, signInMethods: ['password'] };

function setUp(pending: MemberDeletion[] = []) {
  const steps: string[] = [];
  const registry = new MemberDataRegistry();
  registry.register({
    section: 'artifacts',
    eraseOrder: 20,
    export: async function* () {
      yield { n: 1 };
      yield { n: 2 };
    },
    erase: async (uid, mode) => {
      steps.push(`artifacts:${uid}:${mode}`);
    },
  });
  registry.register({
    section: 'likes',
    eraseOrder: 10,
    export: () => Promise.resolve([]),
    erase: async (uid) => {
      steps.push(`likes:${uid}`);
    },
  });
  const identity = {
    find: jest.fn(() => Promise.resolve(ACCOUNT)),
    remove: jest.fn(async (uid: string) => {
      steps.push(`identity:${uid}`);
    }),
  } as unknown as IdentityAccounts;
  const records = new Map(pending.map((deletion) => [deletion.uid, deletion]));
  const deletions = {
    record: jest.fn(async (uid: string, contributions: MemberDeletion['contributions']) => {
      const existing = records.get(uid) ?? { uid, contributions };
      records.set(uid, existing);
      return existing;
    }),
    done: jest.fn(async (uid: string) => {
      steps.push(`done:${uid}`);
      records.delete(uid);
    }),
    pending: jest.fn(async () => [...records.values()]),
  } as unknown as MemberDeletionsRepository;
  const service = new MembersService({ reconcileOnStart: false } as AppConfig, identity, registry, deletions);
  return { service, steps, records };
}

test('the sections erase in their order, the account goes after them, a second pass follows, the record last', async () => {
  const { service, steps } = setUp();
  await expect(service.deleteAccount({ uid: 'u1', email: 'ada@example.com' }, { contributions: 'anonymize', confirmEmail: ' ADA@example.com ' })).resolves.toEqual({ deleted: true, contributions: 'anonymize' });
  expect(steps).toEqual(['likes:u1', 'artifacts:u1:anonymize', 'identity:u1', 'likes:u1', 'artifacts:u1:anonymize', 'done:u1']);
});

test('a wrong confirmation is a 400 and nothing is recorded or erased', async () => {
  const { service, steps, records } = setUp();
  await expect(service.deleteAccount({ uid: 'u1', email: 'ada@example.com' }, { contributions: 'delete', confirmEmail: 'eve@example.com' })).rejects.toThrow(/confirmEmail/);
  expect(steps).toEqual([]);
  expect(records.size).toBe(0);
});

test('a deletion already under way is completed with the choice it started with', async () => {
  const { service, steps } = setUp([{ uid: 'u1', contributions: 'delete' }]);
  await expect(service.deleteAccount({ uid: 'u1', email: 'ada@example.com' }, { contributions: 'anonymize', confirmEmail: 'ada@example.com' })).resolves.toEqual({ deleted: true, contributions: 'delete' });
  expect(steps).toContain('artifacts:u1:delete');
  expect(steps).not.toContain('artifacts:u1:anonymize');
});

test('start-up completes every deletion a stopped process left', async () => {
  const { service, steps, records } = setUp([
    { uid: 'gone', contributions: 'delete' },
    { uid: 'half', contributions: 'anonymize' },
  ]);
  await expect(service.completePending()).resolves.toBe(2);
  expect(steps).toEqual(expect.arrayContaining(['identity:gone', 'done:gone', 'artifacts:half:anonymize', 'identity:half', 'done:half']));
  expect(records.size).toBe(0);
});

test('the export is one JSON document, iterable sections written item by item', async () => {
  const { service } = setUp();
  const chunks: string[] = [];
  const sink: ExportSink = { write: (chunk) => chunks.push(chunk) > 0, drained: () => Promise.resolve() };
  let begun = false;
  await service.export({ uid: 'u1' }, sink, () => (begun = true));
  expect(begun).toBe(true);
  const data = JSON.parse(chunks.join('')) as Record<string, unknown>;
  expect(data).toEqual({ format: 'antiquarium-member-export/1', exportedAt: expect.any(String), account: ACCOUNT, artifacts: [{ n: 1 }, { n: 2 }], likes: [] });
  expect(chunks).toContain('{"n":2}'.replace(/^/, ','));
});

test('the registry refuses a section registered twice', () => {
  const registry = new MemberDataRegistry();
  const section = { section: 'x', export: () => Promise.resolve(null), erase: () => Promise.resolve() };
  registry.register(section);
  expect(() => registry.register(section)).toThrow(/twice/);
});

test('sections keyed by address get the account’s address: on export, on erase, and on a resumed erase', async () => {
  const { service, registry, identity } = setUpWithAddressSection();
  const sink: ExportSink = { write: () => true, drained: () => Promise.resolve() };
  await service.export({ uid: 'u1' }, sink, () => undefined);
  await service.deleteAccount({ uid: 'u1', email: 'ada@example.com' }, { contributions: 'delete', confirmEmail: 'ada@example.com' });
  await service.completePending();
  // Two passes each (before and after the sign-in account goes); the resumed one read the address itself.
  expect(registry.seen).toEqual(['export:ada@example.com', ...Array<string>(4).fill('erase:ada@example.com')]);
  expect(identity.find).toHaveBeenCalledWith('u2');
});

function setUpWithAddressSection() {
  const seen: string[] = [];
  const registry = new MemberDataRegistry();
  registry.register({
    section: 'byAddress',
    export: async (_uid, member) => {
      seen.push(`export:${member.email}`);
      return null;
    },
    erase: async (_uid, _mode, member) => {
      seen.push(`erase:${member.email}`);
    },
  });
  const identity = { find: jest.fn(() => Promise.resolve(ACCOUNT)), remove: jest.fn(() => Promise.resolve()) } as unknown as IdentityAccounts;
  // A deletion a stopped process left, its sign-in account still there.
  const deletions = {
    record: jest.fn(async (uid: string, contributions: MemberDeletion['contributions']) => ({ uid, contributions })),
    done: jest.fn(async () => undefined),
    pending: jest.fn(async () => [{ uid: 'u2', contributions: 'delete' as const }]),
  } as unknown as MemberDeletionsRepository;
  return { service: new MembersService({ reconcileOnStart: false } as AppConfig, identity, registry, deletions), registry: { seen }, identity };
}
