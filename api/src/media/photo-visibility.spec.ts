import { Types } from 'mongoose';
import type { ArtifactCatalog } from '../artifacts/artifact-catalog';
import { ArtifactChanges } from '../artifacts/artifact-changes';
import type { StoredArtifact } from '../artifacts/artifact-projections';
import type { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { PhotoVisibility } from './photo-visibility';
import type { PhotosRepository, StoredPhoto } from './photos.repository';

const HIDDEN = new Types.ObjectId().toHexString();
const OTHER = new Types.ObjectId().toHexString();

/** One photo of a hidden artifact (which the catalog does not hold), counting each database read. */
function setup() {
  const photo = { _id: 'photo-1', hash: 'a'.repeat(32), artifactId: HIDDEN } as StoredPhoto;
  let artifact: Partial<StoredArtifact> | null = { images: [{ id: 'photo-1' }] as StoredArtifact['images'], moderation: 'restricted' } as Partial<StoredArtifact>;
  const photos = { findByHash: jest.fn(async () => photo) };
  const artifacts = { findById: jest.fn(async () => artifact) };
  const catalog = { get: jest.fn(() => null) };
  const changes = new ArtifactChanges();
  const visibility = new PhotoVisibility(photos as unknown as PhotosRepository, artifacts as unknown as ArtifactsRepository, catalog as unknown as ArtifactCatalog, changes);
  const reads = () => photos.findByHash.mock.calls.length + artifacts.findById.mock.calls.length;
  return { visibility, changes, reads, hash: photo.hash as string, deleteArtifact: () => (artifact = null) };
}

describe('PhotoVisibility.isAttached', () => {
  it('reads the database once per photo for a few seconds, then again', async () => {
    const { visibility, reads, hash } = setup();
    expect(await visibility.isAttached(hash, 0)).toBe(true);
    expect(reads()).toBe(2);
    // The files of one photo (three formats, several widths) served with a grant in those seconds.
    for (const now of [1, 100, 4_999]) expect(await visibility.isAttached(hash, now)).toBe(true);
    expect(reads()).toBe(2);
    expect(await visibility.isAttached(hash, 5_000)).toBe(true);
    expect(reads()).toBe(4);
  });

  it('stops opening the photo as soon as a write to its artifact is heard (here or from another instance)', async () => {
    const { visibility, changes, reads, hash, deleteArtifact } = setup();
    expect(await visibility.isAttached(hash, 0)).toBe(true);
    await changes.emit({ ids: [OTHER] }, 'elsewhere');
    expect(await visibility.isAttached(hash, 1)).toBe(true);
    expect(reads()).toBe(2);

    deleteArtifact();
    await changes.emit({ ids: [HIDDEN] }, 'elsewhere');
    expect(await visibility.isAttached(hash, 2)).toBe(false);
    expect(reads()).toBe(4);
    // And a change that does not say which artifacts forgets everything.
    await changes.emit({ all: true });
    expect(await visibility.isAttached(hash, 3)).toBe(false);
    expect(reads()).toBe(6);
  });

  it('forgets a photo when this process changes what it belongs to', async () => {
    const { visibility, reads, hash, deleteArtifact } = setup();
    expect(await visibility.isAttached(hash, 0)).toBe(true);
    deleteArtifact();
    visibility.forget(hash);
    expect(await visibility.isAttached(hash, 1)).toBe(false);
    expect(reads()).toBe(4);
  });

  it('keeps public verdicts apart: a hidden artifact’s photo is attached but not public', async () => {
    const { visibility, hash } = setup();
    expect(await visibility.isPublic(hash, 0)).toBe(false);
    expect(await visibility.isAttached(hash, 0)).toBe(true);
  });
});
