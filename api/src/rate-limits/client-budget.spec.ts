// Who a client is for its budget: the connection's address, whatever X-Forwarded-For says, unless
// TRUSTED_PROXY names the connection's address as a proxy. An express app of the test's own with the
// api's setting (configureHttp sets 'trust proxy' from the same config) and the client budget.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from '../config/env';
import { clientBudget } from './client-budget';
import { MemoryCounterStore } from './counter-store';
import { RateLimits } from './rate-limits';

async function app(env: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const config = loadConfig({ CLIENT_RATE_LIMIT: '3', RATE_WINDOW_MS: '60000', ...env });
  const limits = new RateLimits(config, new MemoryCounterStore());
  const server = express()
    .set('trust proxy', config.trustedProxy)
    .use(clientBudget(limits))
    .get('/artifacts', (_request, response) => response.json([]))
    .listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/artifacts`,
    close: async () => {
      await limits.onModuleDestroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Six requests from this machine, each naming another client in X-Forwarded-For. */
async function spoofed(url: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i += 1) statuses.push((await fetch(url, { headers: { 'X-Forwarded-For': `203.0.113.${i}` } })).status);
  return statuses;
}

test('without a trusted proxy (the default), a made-up X-Forwarded-For buys no new budget: every request counts against the connection', async () => {
  const api = await app({});
  try {
    expect(await spoofed(api.url)).toEqual([200, 200, 200, 429, 429, 429]);
  } finally {
    await api.close();
  }
});

test('behind a proxy TRUSTED_PROXY names, each forwarded client has its own budget', async () => {
  const api = await app({ TRUSTED_PROXY: 'loopback' });
  try {
    expect(await spoofed(api.url)).toEqual([200, 200, 200, 200, 200, 200]);
    // One forwarded client past its budget is refused; the others are not.
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await fetch(api.url, { headers: { 'X-Forwarded-For': '198.51.100.9' } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  } finally {
    await api.close();
  }
});
