import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import type { ReleaseRemote } from '@antiquarium/contracts';
import type { InpBucketField, LoadBucketField } from './load-histogram';
import type { StatsCounters } from './release-stats.schema';
import { ReleaseStatsRepository } from './release-stats.repository';

export interface StatsIncrement {
  remote: ReleaseRemote;
  version: string;
  minute: Date;
  counters: StatsCounters;
}

type Counter = keyof StatsCounters & ('views' | 'loadFailures' | 'renderErrors' | LoadBucketField | InpBucketField);

function addCounters(into: StatsCounters, from: StatsCounters): void {
  for (const [field, value] of Object.entries(from) as [Counter, number][]) into[field] = (into[field] ?? 0) + value;
}

/**
 * This instance's writer of the telemetry counts (release-stats.schema.ts): its own rows, one write
 * at a time. Counts that arrive while a write is under way are added up and go in the next one,
 * and every request is answered once the write that carries its counts is done (or has failed).
 */
@Injectable()
export class StatsWriter {
  /** Names this process's rows; a restarted process writes rows of its own. */
  readonly instance = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private pending = new Map<string, StatsIncrement>();
  private waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly stats: ReleaseStatsRepository) {}

  add(increments: readonly StatsIncrement[]): Promise<void> {
    if (increments.length === 0) return Promise.resolve();
    for (const increment of increments) {
      const key = `${increment.remote}@${increment.version}@${increment.minute.getTime()}`;
      const pending = this.pending.get(key);
      if (pending) addCounters(pending.counters, increment.counters);
      else this.pending.set(key, { ...increment, counters: { ...increment.counters } });
    }
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.writing) void this.writeAll();
    return done;
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()];
      const waiting = this.waiting;
      this.pending = new Map();
      this.waiting = [];
      try {
        for (const { remote, version, minute, counters } of batch) await this.stats.add({ remote, version, minute, instance: this.instance }, counters);
        for (const waiter of waiting) waiter.resolve();
      } catch (error) {
        for (const waiter of waiting) waiter.reject(error);
      }
    }
    this.writing = false;
  }
}
