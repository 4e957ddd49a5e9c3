import { Logger } from '@nestjs/common';
import type { MailOutboxDoc } from './mail.schema';
import type { MailOutboxRepository } from './mail-outbox.repository';
import type { MailPreferencesRepository } from './mail-preferences.repository';
import { sendFailureOf, type MailTransport } from './mail-transport';
import { MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';

/** How often the worker looks for due mail besides the kicks of new mail (retries, other instances' mail). */
export const POLL_MS = 5_000;
/**
 * How long an attempt holds its mail: longer than a send can take (mail-transport.ts's time
 * limits), so that only a worker that died mid-send lets another take the mail again.
 */
export const LEASE_MS = 2 * 60_000;
/** Mails sent or suppressed are deleted this long after. */
export const KEEP_MS = 30 * 86_400_000;
/**
 * Claims are kept this long: far past any worker's read of a mail (seconds), and short enough that a
 * mail whose claim's holder died before counting its attempt is taken again the next day.
 */
export const CLAIM_KEEP_MS = 86_400_000;
const SWEEP_EVERY_MS = 3_600_000;
const BATCH = 20;

/** A server's message as logged: addresses left out (the logs never hold one; the outbox keeps the whole message). */
const withoutAddresses = (message: string) => message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>');

export type AttemptOutcome = 'sent' | 'retry' | 'failed' | 'suppressed' | 'taken';

export interface MailWorkerOptions {
  /** The clock (tests move it to make retries due). */
  now?: () => Date;
  pollMs?: number;
  logger?: Pick<Logger, 'log' | 'warn' | 'error'>;
}

/**
 * Sends the outbox's mail (docs/decisions/0020-mail-outbox.md): every POLL_MS and at once when a mail
 * is written (`kick`), it takes the due mails one at a time. Each attempt is claimed first (an insert
 * under a unique `_id`: two instances never send one attempt twice), counted and leased, then sent;
 * a failure is retried after retry-schedule.ts's wait, up to MAX_ATTEMPTS, then kept as 'failed'
 * for operators; an SMTP 5xx refusal fails at once. Optional mail to an address that opted out is
 * suppressed instead of sent. Nothing here runs inside a request: a request only writes the outbox.
 */
export class MailWorker {
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly logger: Pick<Logger, 'log' | 'warn' | 'error'>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private lastSweepAt = 0;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly preferences: MailPreferencesRepository,
    private readonly transport: MailTransport,
    options: MailWorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? POLL_MS;
    this.logger = options.logger ?? new Logger('MailWorker');
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Stops polling and waits for the mail being sent, if any (the rest waits for the next start, on any instance). */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** A mail was written: look now rather than at the next poll (a run under way looks again when it ends). */
  kick(): void {
    if (!this.started) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.again = false;
    this.running = this.runOnce()
      .then(() => this.sweepNowAndThen())
      .catch((error: unknown) => this.logger.warn(`mail outbox: ${error instanceof Error ? error.message : String(error)} (tried again in ${this.pollMs} ms)`));
    await this.running;
    this.running = undefined;
    if (this.started) this.schedule(this.again ? 0 : this.pollMs);
  }

  /** Sends every mail due now, batch after batch; resolves with the outcome of each attempt it made. */
  async runOnce(): Promise<AttemptOutcome[]> {
    const outcomes: AttemptOutcome[] = [];
    for (;;) {
      const due = await this.outbox.due(this.now(), BATCH);
      let progressed = false;
      for (const mail of due) {
        const outcome = await this.attempt(mail);
        outcomes.push(outcome);
        if (outcome !== 'taken') progressed = true;
      }
      // Mails another worker holds are left to it; a full batch may hide more.
      if (due.length < BATCH || !progressed) return outcomes;
    }
  }

  private async attempt(mail: MailOutboxDoc): Promise<AttemptOutcome> {
    const startedAt = this.now();
    if (!(await this.outbox.claim(mail._id, mail.attempts, startedAt))) return 'taken';
    const attempts = mail.attempts + 1;
    await this.outbox.start(mail._id, attempts, new Date(startedAt.getTime() + LEASE_MS));
    if (!mail.mandatory && (await this.preferences.optedOut(mail.to))) {
      await this.outbox.suppressed(mail._id, startedAt);
      return 'suppressed';
    }
    try {
      await this.transport.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    } catch (error) {
      const failure = sendFailureOf(error);
      const at = this.now();
      if (failure.permanent || attempts >= MAX_ATTEMPTS) {
        await this.outbox.failed(mail._id, at, failure.message);
        this.logger.error(`mail ${mail._id.toHexString()} (${mail.kind}) given up after ${attempts} attempt(s): ${withoutAddresses(failure.message)}`);
        return 'failed';
      }
      const delay = retryDelayMs(attempts);
      await this.outbox.retryAt(mail._id, new Date(at.getTime() + delay), failure.message);
      this.logger.warn(`mail ${mail._id.toHexString()} (${mail.kind}) not sent (attempt ${attempts}): ${withoutAddresses(failure.message)}; next attempt in ${Math.round(delay / 1000)} s`);
      return 'retry';
    }
    await this.outbox.sent(mail._id, this.now());
    return 'sent';
  }

  private async sweepNowAndThen(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastSweepAt < SWEEP_EVERY_MS) return;
    this.lastSweepAt = now;
    await this.outbox.sweep(new Date(now - KEEP_MS), new Date(now - CLAIM_KEEP_MS));
  }
}
