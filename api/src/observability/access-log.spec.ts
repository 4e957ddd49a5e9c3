// Whose X-Request-Id the api keeps: an express app with the access log and the api's 'trust proxy'
// setting (TRUSTED_PROXY, as configureHttp sets it), asked over real HTTP from loopback.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig } from '../config/env';
import { accessLog } from './access-log';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

async function appTrusting(trustedProxy: string): Promise<string> {
  const app = express();
  app.set('trust proxy', loadConfig({ TRUSTED_PROXY: trustedProxy }).trustedProxy);
  app.use(accessLog({}));
  app.get('/', (_request, response) => response.send('ok'));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function idFor(url: string, offered: string): Promise<string | null> {
  const response = await fetch(url, { headers: { 'x-request-id': offered, 'x-forwarded-for': '203.0.113.9' } });
  return response.headers.get('x-request-id');
}

test('kept when the connection comes from the trusted proxy', async () => {
  expect(await idFor(await appTrusting('loopback'), 'proxy-id-42')).toBe('proxy-id-42');
  expect(await idFor(await appTrusting('127.0.0.1'), 'proxy-id-43')).toBe('proxy-id-43');
});

test('replaced when no proxy is trusted, or the client is not the trusted proxy', async () => {
  expect(await idFor(await appTrusting('false'), 'chosen-by-client')).toMatch(UUID);
  // A proxy is trusted, but this client reached the api around it.
  expect(await idFor(await appTrusting('10.1.2.3'), 'chosen-by-client')).toMatch(UUID);
  expect(await idFor(await appTrusting('192.168.0.0/16, fd00::/8'), 'chosen-by-client')).toMatch(UUID);
});

test('replaced when it does not look like an id, even from the trusted proxy', async () => {
  const url = await appTrusting('loopback');
  for (const offered of ['has spaces', 'x'.repeat(129), 'semi;colon']) expect(await idFor(url, offered)).toMatch(UUID);
});
