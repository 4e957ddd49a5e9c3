// Load on the api: one request, a Node load loop, and wrk.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile } from './helpers.mjs';

/** One GET with keep-alive: status, body bytes, header bytes, time. */
export function get(url, { agent, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const request = http.get(url, { agent }, (response) => {
      let bytes = 0;
      const chunks = [];
      response.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      response.on('end', () => {
        const headerBytes =
          `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length +
          // 'name: value\r\n' per header: each of the two parts adds its length and two characters.
          response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) +
          2;
        resolve({ status: response.statusCode, bytes, headerBytes, ms: performance.now() - t0, body: Buffer.concat(chunks) });
      });
      response.on('error', (error) => resolve({ status: 0, bytes, headerBytes: 0, ms: performance.now() - t0, error: error.message }));
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`timed out after ${timeoutMs / 1000}s`)));
    request.on('error', (error) => resolve({ status: 0, bytes: 0, headerBytes: 0, ms: performance.now() - t0, error: error.message }));
  });
}

export async function getJson(url) {
  const response = await get(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status || response.error}`);
  return JSON.parse(response.body.toString('utf8'));
}

/**
 * A Node load loop over URLs at `connections` keep-alive connections: with `durationMs`, the URLs
 * in turn until the time is up (or `maxRequests` were sent); without, each URL once (a cold pass).
 * Requests still running when the time is up are waited for and counted (no survivor bias).
 */
export async function urlsLoad(urls, { connections, durationMs = 0, maxRequests = Infinity, timeoutMs = 120_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const counts = { requests: 0, non2xx: 0, errors: 0, bytes: 0, statuses: {} };
  const end = performance.now() + durationMs;
  let issued = 0;
  const more = () => (durationMs === 0 ? issued < urls.length : performance.now() < end && issued < maxRequests);
  async function worker() {
    while (more()) {
      const url = urls[issued % urls.length];
      issued += 1;
      const answer = await get(url, { agent, timeoutMs });
      counts.requests += 1;
      counts.bytes += answer.bytes;
      const key = answer.status ? String(answer.status) : 'error';
      counts.statuses[key] = (counts.statuses[key] ?? 0) + 1;
      if (!answer.status) counts.errors += 1;
      else if (answer.status >= 300) counts.non2xx += 1;
      latencies.push(answer.ms);
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(connections, durationMs === 0 ? urls.length : connections) }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    tool: 'node',
    connections,
    seconds,
    ...counts,
    rps: counts.requests / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? null,
  };
}

/** The bounded Node load loop on one URL (when wrk is missing, and for the 1 000 000 run). */
export function nodeLoad(url, options) {
  return urlsLoad([url], options);
}

const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%.0f,"p90":%.0f,"p95":%.0f,"p99":%.0f,"max":%.0f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max))
end
`;

export async function wrkLoad(url, { connections, durationMs, work }) {
  const script = path.join(work, 'bench.lua');
  if (!existsSync(script)) writeFileSync(script, WRK_SCRIPT);
  const args = ['-t1', `-c${connections}`, `-d${Math.max(1, Math.round(durationMs / 1000))}s`, '--latency', '--timeout', '60s', '-s', script, url];
  const output = await execFileWithOutput('wrk', args);
  const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const data = JSON.parse(line.slice('BENCH_JSON '.length));
  const seconds = data.duration_us / 1e6;
  const toMs = (us) => (data.requests > 0 ? us / 1000 : null);
  return {
    tool: 'wrk',
    seconds,
    requests: data.requests,
    non2xx: data.status,
    errors: data.connect + data.read + data.write + data.timeout,
    timeouts: data.timeout,
    bytes: data.bytes,
    rps: data.requests / seconds,
    p50: toMs(data.p50),
    p90: toMs(data.p90),
    p95: toMs(data.p95),
    p99: toMs(data.p99),
    max: toMs(data.max),
    // wrk stops at the deadline: requests still in flight then are not counted.
    note: 'wrk counts completed requests only',
  };
}

function execFileWithOutput(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`))));
  });
}
