import { Injectable, Logger } from '@nestjs/common';

/** What a write changed: some artifacts, every artifact of one adder (a rename), or anything. */
export type ArtifactChange = { ids: readonly string[] } | { adderUid: string } | { all: true };

export type ChangeOrigin = 'here' | 'elsewhere';

type Listener = (change: ArtifactChange, origin: ChangeOrigin) => Promise<void> | void;

/**
 * The artifacts collection's change feed inside one process: the repository says what each write
 * changed, the catalog listens (and passes local changes on to the other instances).
 */
@Injectable()
export class ArtifactChanges {
  private readonly logger = new Logger('ArtifactChanges');
  private readonly listeners: Listener[] = [];

  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Waits for every listener; a listener's failure is logged, never the writer's problem. */
  async emit(change: ArtifactChange, origin: ChangeOrigin = 'here'): Promise<void> {
    if ('ids' in change && change.ids.length === 0) return;
    await Promise.all(
      this.listeners.map(async (listener) => {
        try {
          await listener(change, origin);
        } catch (error) {
          this.logger.warn(`a change listener failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
  }
}
