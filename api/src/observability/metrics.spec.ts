// The metrics listener as the api starts it (main.ts: serveMetrics on METRICS_PORT and
// METRICS_HOST), on real sockets: reached through loopback, and through the machine's own network
// address only when METRICS_HOST opens it.
import type { Server } from 'node:http';
import os from 'node:os';
import { loadConfig } from '../config/env';
import { serveMetrics } from './metrics';
import { freePort } from '@antiquarium/testing/net';

/** The machine's first non-loopback IPv4 address: where the rest of its network reaches it. */
function networkAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
  if (!address) throw new Error('this test needs a network interface besides loopback');
  return address.address;
}

/** The status of GET /metrics at host:port, or the connection error's code. */
async function scrape(host: string, port: number): Promise<number | string> {
  try {
    return (await fetch(`http://${host}:${port}/metrics`)).status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(error);
  }
}

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

async function start(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const config = loadConfig({ ...env, METRICS_PORT: String(port) });
  servers.push(await serveMetrics(config.metricsPort ?? 0, config.metricsHost));
  return port;
}

test('with HOST=0.0.0.0 (the api image) the metrics answer on loopback only', async () => {
  const port = await start({ HOST: '0.0.0.0' });
  expect(await scrape('127.0.0.1', port)).toBe(200);
  expect(await scrape(networkAddress(), port)).toBe('ECONNREFUSED');
});

test('METRICS_HOST=0.0.0.0 opens them to the network (a deployment whose scraper is elsewhere)', async () => {
  const port = await start({ HOST: '127.0.0.1', METRICS_HOST: '0.0.0.0' });
  expect(await scrape(networkAddress(), port)).toBe(200);
});
