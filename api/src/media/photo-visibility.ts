import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ArtifactCatalog } from '../artifacts/artifact-catalog';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { PhotosRepository } from './photos.repository';

/** How long a verdict is reused: a moderation decision hides a photo within this long. */
const VERDICT_TTL_MS = 5_000;
const MAX_VERDICTS = 10_000;

/**
 * Whether a photo's files are served to the public: only while an artifact that is public names it
 * (a photo no artifact names yet, or one of a restricted, removed or deleted artifact, answers 404).
 * Verdicts are kept a few seconds, so a page of cards costs one look-up per photo, not per file.
 */
@Injectable()
export class PhotoVisibility {
  private readonly verdicts = new Map<string, { visible: boolean; until: number }>();

  constructor(
    private readonly photos: PhotosRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly catalog: ArtifactCatalog,
  ) {}

  async isPublic(hash: string, now = Date.now()): Promise<boolean> {
    const kept = this.verdicts.get(hash);
    if (kept && kept.until > now) return kept.visible;
    const visible = await this.decide(hash);
    if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
    this.verdicts.set(hash, { visible, until: now + VERDICT_TTL_MS });
    return visible;
  }

  /** Whether some artifact (public or hidden) names the photo: what a grant may open. */
  async isAttached(hash: string): Promise<boolean> {
    const photo = await this.photos.findByHash(hash);
    if (!photo?.artifactId || !Types.ObjectId.isValid(photo.artifactId)) return false;
    const artifact = await this.artifacts.findById(new Types.ObjectId(photo.artifactId));
    return Boolean(artifact?.images?.some((image) => image.id === photo._id));
  }

  /** Forgets what was decided (a write that changes what a photo belongs to, in this process). */
  forget(hash: string): void {
    this.verdicts.delete(hash);
  }

  private async decide(hash: string): Promise<boolean> {
    const photo = await this.photos.findByHash(hash);
    if (!photo?.artifactId || !Types.ObjectId.isValid(photo.artifactId)) return false;
    // The catalog holds only public artifacts; past its size (or while it loads) the database says.
    const held = this.catalog.get(photo.artifactId);
    if (held) return held.images?.some((image) => image.id === photo._id) ?? false;
    const artifact = await this.artifacts.findById(new Types.ObjectId(photo.artifactId));
    return Boolean(artifact && !artifact.moderation && artifact.images?.some((image) => image.id === photo._id));
  }
}
