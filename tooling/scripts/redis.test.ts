// scripts/lib/redis.mjs: `npm start` gives the api the machine's Redis when one answers PING on its
// port, says which it uses, and starts without one otherwise (a closed port, something that is not
// Redis, a Redis that wants a password, a listener that never answers).
import { execFile } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/lib/redis.mjs');

interface Choice {
  url?: string;
  env: Record<string, string>;
  says: string;
}

/** chooseRedis in a child (the module is ESM), against a machine Redis on `port`. */
function choose(port: number, env: Record<string, string> = {}, root = '/checkouts/a'): Promise<Choice> {
  const script = `import { chooseRedis } from ${JSON.stringify(MODULE)};\nprocess.stdout.write(JSON.stringify(await chooseRedis({ env: ${JSON.stringify(env)}, root: ${JSON.stringify(root)}, machine: { host: '127.0.0.1', port: ${port} }, timeoutMs: 300 })));`;
  // Asynchronous: the fake servers answer from this process meanwhile.
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }, (error, out) => (error ? reject(error) : resolve(JSON.parse(out) as Choice)));
  });
}

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A TCP server on a free port that answers each first chunk with `reply` (or never, when null). */
async function fake(reply: string | null): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => {
      if (reply !== null) socket.write(reply);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const port = await fake(null);
  await new Promise((resolve) => servers.pop()?.close(resolve));
  return port;
}

test('a Redis that answers PONG is used, under a channel and a rate prefix of this checkout’s own, and said so', async () => {
  const port = await fake('+PONG\r\n');
  const choice = await choose(port);
  expect(choice.url).toBe(`redis://127.0.0.1:${port}`);
  expect(choice.says).toBe(`Redis: the machine's, redis://127.0.0.1:${port} (set REDIS_URL to choose another)`);
  expect(choice.env).toEqual({ REDIS_URL: choice.url, CHANGES_CHANNEL: expect.stringMatching(/^antiquarium:[0-9a-f]{8}:changes$/), RATE_LIMIT_PREFIX: expect.stringMatching(/^antiquarium:[0-9a-f]{8}:rate:$/) });
  const other = await choose(port, {}, '/checkouts/b');
  expect(other.env['CHANGES_CHANNEL']).not.toBe(choice.env['CHANGES_CHANNEL']);
});

test.each([
  ['a closed port', () => closedPort()],
  ['a Redis that wants a password', () => fake('-NOAUTH Authentication required.\r\n')],
  ['something that is not Redis', () => fake('HTTP/1.1 400 Bad Request\r\n\r\n')],
  ['a listener that never answers', () => fake(null)],
])('%s: started without Redis, said so', async (_what, server) => {
  const port = await server();
  const choice = await choose(port);
  expect(choice).toEqual({ env: {}, says: `Redis: none answers on 127.0.0.1:${port}; instances see each other's writes through the change log` });
});

test('REDIS_URL from the environment wins without asking the machine', async () => {
  const choice = await choose(await closedPort(), { REDIS_URL: 'redis://cache.internal:6379' });
  expect(choice).toEqual({ url: 'redis://cache.internal:6379', env: {}, says: 'Redis: REDIS_URL from the environment' });
});
