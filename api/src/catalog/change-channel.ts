import Redis from 'ioredis';
import { isObjectId } from '@antiquarium/contracts';
import type { ArtifactChange } from '../artifacts/artifact-changes';

interface ChangeMessage {
  from: string;
  change: ArtifactChange;
}

function isChange(value: unknown): value is ArtifactChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  if (Array.isArray(change['ids'])) return change['ids'].every((id) => isObjectId(id)) && change['ids'].length <= 1000;
  if (typeof change['adderUid'] === 'string') return change['adderUid'].length <= 128;
  return change['all'] === true;
}

export interface ChannelListener {
  /** Another instance's change, checked. */
  heard(change: ArtifactChange): void;
  /** Subscribed again after a time without: what was said meanwhile was missed. */
  resubscribed(): void;
}

/**
 * The instances' writes told over Redis pub/sub (docs/decisions/0007-discovery-search.md): a
 * connection to publish and one to listen, each reconnecting on its own. `subscribed` is false
 * while the listener may be missing messages (the catalog then reads the change log).
 */
export class ChangeChannel {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  subscribed = false;

  constructor(url: string, private readonly channel: string, private readonly instance: string, listener: ChannelListener) {
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000 } as const;
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.publisher.on('error', () => undefined);
    this.subscriber.on('error', () => {
      this.subscribed = false;
    });
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => {
          if (this.subscribed === false) listener.resubscribed();
          this.subscribed = true;
        },
        () => undefined,
      );
    });
    this.subscriber.on('end', () => {
      this.subscribed = false;
    });
    this.subscriber.on('message', (_channel: string, text: string) => {
      let message: ChangeMessage;
      try {
        message = JSON.parse(text) as ChangeMessage;
      } catch {
        return;
      }
      if (message.from !== this.instance && isChange(message.change)) listener.heard(message.change);
    });
  }

  publish(change: ArtifactChange): void {
    const message: ChangeMessage = { from: this.instance, change };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher.quit().catch(() => undefined), this.subscriber.quit().catch(() => undefined)]);
  }
}
