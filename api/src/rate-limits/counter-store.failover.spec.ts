// The Redis counters failing open mid-run and coming back: the store reaches the machine's Redis
// (REDIS_URL or 127.0.0.1:6379) through a TCP relay of the test's own, which the test cuts (every
// connection dropped, new ones refused at once) and restores.
import net from 'node:net';
import Redis from 'ioredis';
import { MemoryCounterStore, RedisCounterStore, type CounterStore, type Hit } from './counter-store';

const WINDOW_MS = 60_000;
const LIMIT = 1_000;
const REDIS_URL = new URL(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
const PREFIX = `antiquarium-unit-failover:${process.pid}:${Date.now()}:`;

/** A relay to Redis that can be cut and restored. */
async function relay(): Promise<{ url: string; cut: () => void; restore: () => void; close: () => Promise<void> }> {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(REDIS_URL.port || 6379), REDIS_URL.hostname);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const auth = REDIS_URL.password ? `${REDIS_URL.username}:${REDIS_URL.password}@` : '';
  return {
    url: `redis://${auth}127.0.0.1:${port}${REDIS_URL.pathname}`,
    cut: () => {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      down = false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The fallback: this instance's own counters, recording which keys reached it. */
function recordedFallback(): CounterStore & { keys: string[] } {
  const memory = new MemoryCounterStore();
  const keys: string[] = [];
  return {
    keys,
    hit: (key, limit, windowMs) => {
      keys.push(`hit ${key}`);
      return memory.hit(key, limit, windowMs);
    },
    refund: (key, at) => {
      keys.push(`refund ${key}`);
      return memory.refund(key, at);
    },
    close: () => memory.close(),
  };
}

test('Redis lost mid-run: counting goes on in memory at once, never an error; once Redis is back the shared window goes on', async () => {
  const link = await relay();
  const fallback = recordedFallback();
  const store = new RedisCounterStore(link.url, PREFIX, fallback);
  const probe = new Redis(REDIS_URL.href, { maxRetriesPerRequest: 1 });
  try {
    // Until the connection is up, hits go to the fallback: wait for the first that reaches Redis.
    const deadline = Date.now() + 10_000;
    for (;;) {
      fallback.keys.splice(0);
      await store.hit('connected', LIMIT, WINDOW_MS);
      if (fallback.keys.length === 0) break;
      if (Date.now() > deadline) throw new Error(`no Redis at ${REDIS_URL.href}: the api tests need the machine's Redis`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await store.hit('k', LIMIT, WINDOW_MS)).toMatchObject({ allowed: true, count: 1 });
    expect(await store.hit('k', LIMIT, WINDOW_MS)).toMatchObject({ allowed: true, count: 2 });
    expect(await probe.llen(`${PREFIX}sliding:k`)).toBe(2);
    expect(fallback.keys).toEqual([]);

    link.cut();
    // Each answered at once from this instance's counters (a window of their own), none refused.
    const started = Date.now();
    const during: Hit[] = [];
    for (let i = 0; i < 3; i += 1) during.push(await store.hit('k', LIMIT, WINDOW_MS));
    const last = during.at(-1);
    if (last?.allowed) await store.refund('k', last.at);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(during.map((hit) => [hit.allowed, hit.count])).toEqual([[true, 1], [true, 2], [true, 3]]);
    expect(fallback.keys).toEqual(['hit k', 'hit k', 'hit k', 'refund k']);
    expect(await probe.llen(`${PREFIX}sliding:k`)).toBe(2);

    link.restore();
    // Back: the next hits are Redis's again, continuing the window it kept.
    const back = Date.now() + 15_000;
    let hit = await store.hit('k', LIMIT, WINDOW_MS);
    while (fallback.keys.length > 4) {
      if (Date.now() > back) throw new Error('the store never went back to Redis');
      fallback.keys.splice(4);
      await new Promise((resolve) => setTimeout(resolve, 50));
      hit = await store.hit('k', LIMIT, WINDOW_MS);
    }
    expect(hit.count).toBe(3);
    expect(await probe.llen(`${PREFIX}sliding:k`)).toBe(3);
    expect(fallback.keys).toHaveLength(4);
  } finally {
    const keys = await probe.keys(`${PREFIX}*`);
    if (keys.length > 0) await probe.del(...keys);
    probe.disconnect();
    await store.close();
    await link.close();
  }
}, 30_000);
