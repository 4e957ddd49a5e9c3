// Which Redis `npm start` gives the api (docs/decisions/0007-discovery-search.md): REDIS_URL from the
// environment, else the machine's own on 127.0.0.1:6379 when it answers PING, else none (the api
// then reads the change log every CATALOG_REFRESH_MS to see other instances' writes).
import { createHash } from 'node:crypto';
import net from 'node:net';

export const MACHINE_REDIS = { host: '127.0.0.1', port: 6379 };

/**
 * True when a Redis at host:port answers PING with PONG within `timeoutMs` (one that asks for a
 * password, or anything else listening there, is not used).
 */
export function redisAnswers({ host, port }, timeoutMs = 500) {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect({ host, port });
    const done = (ok) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG\r\n'));
    });
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

/**
 * The Redis the api is started with, and a line saying which: `{ url, says }`, url undefined when
 * none. `root` names the checkout, so two checkouts on one machine never share a channel or a rate
 * budget on the machine's Redis.
 */
export async function chooseRedis({ env = process.env, root, machine = MACHINE_REDIS, timeoutMs } = {}) {
  if (env.REDIS_URL) return { url: env.REDIS_URL, env: {}, says: 'Redis: REDIS_URL from the environment' };
  const url = `redis://${machine.host}:${machine.port}`;
  if (!(await redisAnswers(machine, timeoutMs))) {
    return { url: undefined, env: {}, says: `Redis: none answers on ${machine.host}:${machine.port}; instances see each other's writes through the change log` };
  }
  const tag = createHash('sha256').update(String(root)).digest('hex').slice(0, 8);
  return {
    url,
    env: { REDIS_URL: url, CHANGES_CHANNEL: `antiquarium:${tag}:changes`, RATE_LIMIT_PREFIX: `antiquarium:${tag}:rate:` },
    says: `Redis: the machine's, ${url} (set REDIS_URL to choose another)`,
  };
}
