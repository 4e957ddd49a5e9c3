import type { CatalogArtifact } from '../artifacts/artifact-projections';

/** The least time between two snapshots written because something was removed (deletes may come in runs). */
const OWED_WRITE_GAP_MS = 60_000;

/** Whether an update changes who the artifact names as its contributor (an anonymisation, a transfer). */
export function personalChange(before: CatalogArtifact | undefined, after: CatalogArtifact): boolean {
  return before !== undefined && (before.adderUid !== after.adderUid || before.adderName !== after.adderName || before.adderEmail !== after.adderEmail);
}

/**
 * When an instance writes the catalog's snapshot (docs/decisions/0030): when the current one is
 * older than `every` (looked at every fifth of it), at once after a full read (`fresh`), and when
 * something was removed or changed contributor (`owe`): at once, then at most once a minute. One
 * write at a time; `every` 0 never.
 */
export class SnapshotSchedule {
  private writing = false;
  private owing = false;
  private lastOwed = 0;
  private lastCheck = 0;

  constructor(private readonly every: number) {}

  get owed(): boolean {
    return this.owing;
  }

  owe(): void {
    this.owing = true;
  }

  /**
   * A turn to write, or null. `every` is the age past which the current snapshot is replaced (0:
   * whatever its age). The caller reports a failure (`failed`) and always the end (`done`).
   */
  take(now: number, fresh: boolean): { every: number; failed: () => void; done: () => void } | null {
    if (this.every === 0 || this.writing) return null;
    const owed = this.owing && now - this.lastOwed >= OWED_WRITE_GAP_MS;
    const forced = fresh || owed;
    if (!forced && now - this.lastCheck < this.every / 5) return null;
    this.writing = true;
    this.lastCheck = now;
    if (forced) this.owing = false;
    if (owed) this.lastOwed = now;
    return {
      every: forced ? 0 : this.every,
      failed: () => {
        if (forced) this.owing = true;
      },
      done: () => {
        this.writing = false;
      },
    };
  }
}
