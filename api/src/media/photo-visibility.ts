import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ArtifactCatalog } from '../artifacts/artifact-catalog';
import { ArtifactChanges, type ArtifactChange } from '../artifacts/artifact-changes';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { TtlCache } from '@antiquarium/contracts/ttl-cache';
import { PhotosRepository } from './photos.repository';

/**
 * How long an answer is reused. A write to an artifact (here, or heard from another instance)
 * forgets the answers about its photos at once; the TTL bounds the rest: a change heard while a
 * read is under way, the catalog catching up after the change, a photo attached on another
 * instance (its answer said "no artifact", so no change names it), changes missed while Redis is away.
 */
const ANSWER_TTL_MS = 5_000;
const MAX_ANSWERS = 10_000;

/** An answer about a photo, with the artifact it was about (a change to that artifact forgets it). */
interface Answer {
  yes: boolean;
  artifactId: string | null;
}

/**
 * Whether a photo's files are served: to the public only while an artifact that is public names it
 * (a photo no artifact names yet, or one of a restricted, removed or deleted artifact, answers 404);
 * with a grant while any artifact names it. Answers are kept a few seconds, so a page of cards or
 * of a hidden artifact's photos costs one look-up per photo, not two reads per file.
 */
@Injectable()
export class PhotoVisibility {
  private readonly verdicts = new TtlCache<Answer>(ANSWER_TTL_MS, MAX_ANSWERS);
  private readonly attachments = new TtlCache<Answer>(ANSWER_TTL_MS, MAX_ANSWERS);

  constructor(
    private readonly photos: PhotosRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly catalog: ArtifactCatalog,
    changes: ArtifactChanges,
  ) {
    changes.listen((change) => this.changed(change));
  }

  async isPublic(hash: string, now = Date.now()): Promise<boolean> {
    return (await this.verdicts.get(hash, () => this.decide(hash), now)).yes;
  }

  /** Whether some artifact (public or hidden) names the photo: what a grant may open. */
  async isAttached(hash: string, now = Date.now()): Promise<boolean> {
    return (await this.attachments.get(hash, () => this.attachment(hash), now)).yes;
  }

  /** Forgets what was decided (a write that changes what a photo belongs to, in this process). */
  forget(hash: string): void {
    this.verdicts.forget(hash);
    this.attachments.forget(hash);
  }

  private changed(change: ArtifactChange): void {
    if ('ids' in change) {
      const ids = new Set(change.ids);
      const about = (answer: Answer) => answer.artifactId !== null && ids.has(answer.artifactId);
      this.verdicts.forgetWhere(about);
      this.attachments.forgetWhere(about);
    } else {
      this.verdicts.clear();
      this.attachments.clear();
    }
  }

  private async decide(hash: string): Promise<Answer> {
    const owner = await this.ownerOf(hash);
    if (!owner) return { yes: false, artifactId: null };
    const { photoId, artifactId } = owner;
    // The catalog holds only public artifacts; past its size (or while it loads) the database says.
    const held = this.catalog.get(artifactId);
    if (held) return { yes: held.images?.some((image) => image.id === photoId) ?? false, artifactId };
    const artifact = await this.artifacts.findById(new Types.ObjectId(artifactId));
    return { yes: Boolean(artifact && !artifact.moderation && artifact.images?.some((image) => image.id === photoId)), artifactId };
  }

  private async attachment(hash: string): Promise<Answer> {
    const owner = await this.ownerOf(hash);
    if (!owner) return { yes: false, artifactId: null };
    const { photoId, artifactId } = owner;
    const artifact = await this.artifacts.findById(new Types.ObjectId(artifactId));
    return { yes: Boolean(artifact?.images?.some((image) => image.id === photoId)), artifactId };
  }

  /** The photo and the artifact it says it belongs to (none: null). */
  private async ownerOf(hash: string): Promise<{ photoId: string; artifactId: string } | null> {
    const photo = await this.photos.findByHash(hash);
    if (!photo?.artifactId || !Types.ObjectId.isValid(photo.artifactId)) return null;
    return { photoId: photo._id, artifactId: photo.artifactId };
  }
}
