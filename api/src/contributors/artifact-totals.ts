/**
 * A contributor's totals as their artifacts hold them, for ContributorTotals to settle from. The
 * artifacts (api/src/artifacts), which keep the totals settled after each write, provide this port
 * from their global records module (artifact-records.module.ts, as ArtifactsRepository): an
 * abstract class owned here, so that contributors imports nothing of the artifacts (issue 30).
 */
export abstract class ArtifactTotals {
  /** An adder's artifact count and like total, computed from their artifacts. */
  abstract totalsFor(adderUid: string): Promise<{ artifacts: number; likes: number }>;
}
