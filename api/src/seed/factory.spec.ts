import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { makeArtifacts } from './factory';

describe('makeArtifacts', () => {
  it('makes valid artifacts with unique names, deterministically for a seed', () => {
    const artifacts = makeArtifacts(500, { seed: 7, maxLikes: 5 });
    expect(new Set(artifacts.map((artifact) => artifact.name)).size).toBe(500);
    for (const artifact of artifacts) expect(validateArtifactInput(artifact).ok).toBe(true);
    expect(makeArtifacts(500, { seed: 7, maxLikes: 5, now: 0 }).map((a) => a.name)).toEqual(
      makeArtifacts(500, { seed: 7, maxLikes: 5, now: 0 }).map((a) => a.name),
    );
    expect(new Set(artifacts.map((artifact) => artifact.type)).size).toBe(5);
    expect(artifacts.every((artifact) => artifact.likes >= 0 && artifact.likes <= 5)).toBe(true);
  });

  it('spreads artifacts over the adders and orders them by time added', () => {
    const adders = [
      { uid: 'a', name: 'A', email: 'a@x.test' },
      { uid: 'b', name: 'B', email: 'b@x.test' },
    ];
    const artifacts = makeArtifacts(10, { adders, now: 1_000_000_000 });
    expect(artifacts.filter((artifact) => artifact.adderUid === 'a')).toHaveLength(5);
    expect(artifacts[9]!.addedAt.getTime()).toBeGreaterThan(artifacts[0]!.addedAt.getTime());
  });
});
