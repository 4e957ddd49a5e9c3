import type { ConnectOptions, Connection } from 'mongoose';
import type { AppConfig } from '../config/env';

/**
 * How much longer the client waits on the wire than the server is allowed to work: the server's own
 * limit (maxTimeMS) must fire first, so that a slow query ends with a clean MaxTimeMSExpired answer
 * on a connection that stays usable, and only a server that answers nothing at all is cut here.
 */
export const WIRE_GRACE_MS = 1000;

/**
 * The bound on one database operation (`DB_OPERATION_TIMEOUT_MS`), built from the driver's
 * per-stage timeouts.
 *
 * Not the driver's client-side operation timeout (`timeoutMS`, CSOT): mongodb 7.8.0, the version
 * mongoose 9 installs here, made `timeoutMS` a deprecated no-op (earlier versions could desynchronise
 * the connection pool after a timeout and hand one request another's answer), and its release notes
 * point to the per-stage options used here instead:
 * - `maxTimeMS` (set on the connection, see `applyServerTimeLimit`): the server stops working on a
 *   find, count, distinct, findOneAndUpdate or aggregate after the bound and answers code 50,
 *   MaxTimeMSExpired (FerretDB too), which the api answers with 503.
 * - `socketTimeoutMS`: the client stops waiting for an answer after the bound plus WIRE_GRACE_MS
 *   (a frozen or partitioned server, or a write, which carries no maxTimeMS); the connection is closed.
 * - `waitQueueTimeoutMS`: waiting for a free pooled connection (all stuck on a frozen server).
 * - `serverSelectionTimeoutMS`: finding the server, at most `DB_TIMEOUT_MS` and never past the bound.
 * - `retryReads: false`: the driver would otherwise send a read again after a timed-out attempt and
 *   double the wait; the api answers 503 instead and the caller may retry. Retryable writes stay on
 *   (they only apply to replica sets, where they make a retried write happen once).
 */
export function operationTimeoutOptions(config: Pick<AppConfig, 'dbTimeoutMs' | 'dbOperationTimeoutMs'>): ConnectOptions {
  return {
    serverSelectionTimeoutMS: Math.min(config.dbTimeoutMs, config.dbOperationTimeoutMs),
    connectTimeoutMS: config.dbTimeoutMs,
    socketTimeoutMS: config.dbOperationTimeoutMs + WIRE_GRACE_MS,
    waitQueueTimeoutMS: config.dbOperationTimeoutMs,
    retryReads: false,
  };
}

/** Sets the server-side limit mongoose attaches to every query and aggregate of this connection. */
export function applyServerTimeLimit(connection: Connection, operationTimeoutMs: number): void {
  connection.set('maxTimeMS', operationTimeoutMs);
}

/**
 * Lifts the bound for one operation (query `.setOptions(...)`, aggregate `.option(...)`, or the
 * options argument of a write): for maintenance only, whose work grows with the collections (the
 * start-up reconciliation reads every artifact and groups every like; on FerretDB 1.24 the sorted
 * read of 100 000 artifacts takes about 8 s before its first batch, and grouping 20 000 likes 5 s,
 * 100 000 about 110 s: the time grows with the square of the groups). `maxTimeMS: 0` is no server limit;
 * `socketTimeoutMS: 0` is no wire limit for this operation (a cursor's later batches keep the
 * connection's, they are quick). A frozen database still ends such an operation: when the driver's
 * monitor gets no answer to its heartbeat it interrupts every connection in use.
 */
export function noOperationTimeout(): { maxTimeMS: number; socketTimeoutMS: number } {
  return { maxTimeMS: 0, socketTimeoutMS: 0 };
}
