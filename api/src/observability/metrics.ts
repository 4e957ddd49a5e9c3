import { createServer, type Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The api's Prometheus metrics. Process metrics (CPU, memory, event-loop lag, GC) come from
 * prom-client's defaults; the rest are counted where they happen. Served on METRICS_PORT only (never
 * on the public port) and METRICS_HOST (loopback unless the deployment opens it to its scraper's
 * network): they carry no credential.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const databaseDuration = new Histogram({
  name: 'db_operation_duration_seconds',
  help: 'Time of one database command, by command and outcome',
  labelNames: ['command', 'outcome'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const databaseTimeouts = new Counter({
  name: 'db_operation_timeouts_total',
  help: 'Database commands stopped by the operation time limit (DB_OPERATION_TIMEOUT_MS)',
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429, by budget',
  labelNames: ['budget'] as const,
  registers: [registry],
});

export const homeListCache = new Counter({
  name: 'home_list_cache_total',
  help: 'Home-page list reads, by whether the cache answered',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const catalogEvents = new Counter({
  name: 'catalog_events_total',
  help: 'The in-process catalog: loads, refreshes after writes, and their failures',
  labelNames: ['event'] as const,
  registers: [registry],
});

/** What each canary check weighed (canary-verdict.ts Evidence) and what it decided, per remote. */
export const canaryChecks = new Counter({
  name: 'canary_checks_total',
  help: 'Canary checks of the release telemetry, by remote and verdict (kept or rolled-back)',
  labelNames: ['remote', 'verdict'] as const,
  registers: [registry],
});

export const canaryEvidence = new Gauge({
  name: 'canary_last_check_evidence',
  help: "The last canary check's evidence, by remote and measure: weighed page loads, tickets, clients",
  labelNames: ['remote', 'measure'] as const,
  registers: [registry],
});

export const reconciliationRuns = new Counter({
  name: 'reconciliation_runs_total',
  help: 'Start-up reconciliations of counters and keys, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Serves GET /metrics on its own port and host; resolves when listening. */
export function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      new Logger('Metrics').log(`metrics on http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`);
      resolve(server);
    });
  });
}
