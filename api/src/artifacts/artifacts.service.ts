import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Types } from 'mongoose';
import { ANONYMOUS_NAME, DEFAULT_SORT, type Artifact, type ArtifactFacets, type ArtifactInput } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { ArtifactNotFound } from '../common/errors';
import { ContributorNames } from '../contributors/contributor-names';
import { ContributorTotals } from '../contributors/contributor-totals';
import { lockKeys, WriteLocks } from '../database/write-locks';
import { ArtifactCatalog } from './artifact-catalog';
import { ArtifactLikeRemovals, ArtifactLikes } from './artifact-likes';
import { ArtifactPhotos, type StoredImage } from './artifact-photos';
import type { StoredArtifact } from './artifact-projections';
import type { ArtifactFilter } from './artifact-query';
import { ArtifactsRepository } from './artifacts.repository';
import type { FilterQuery, ListQuery } from './list-query';
import { mayDisplayHidden, toArtifact } from './to-artifact';

export function adderNameOf(user: AuthUser): string {
  return user.name?.trim() || ANONYMOUS_NAME;
}

@Injectable()
export class ArtifactsService {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly likes: ArtifactLikes,
    private readonly likeRemovals: ArtifactLikeRemovals,
    private readonly contributorTotals: ContributorTotals,
    private readonly contributorNames: ContributorNames,
    private readonly catalog: ArtifactCatalog,
    private readonly photos: ArtifactPhotos,
    private readonly locks: WriteLocks,
  ) {}

  /** The grant query for a hidden artifact's photo (toArtifact asks only for the reads that may see it). */
  private readonly access = (image: Pick<StoredImage, 'src'>) => this.photos.accessQuery(image);

  /** The filter of a query; `email` narrows to the caller's own artifacts and must be theirs. */
  private filterOf(query: FilterQuery, caller: AuthUser | undefined): ArtifactFilter {
    let adderUid: string | undefined;
    if (query.email !== undefined) {
      if (!caller) throw new UnauthorizedException('Sign in to see your artifacts');
      if (!caller.email || caller.email.toLowerCase() !== query.email.toLowerCase()) {
        throw new ForbiddenException('You can only list your own artifacts');
      }
      adderUid = caller.uid;
    }
    const search = query.search?.trim() || undefined;
    return { search, type: query.type, adderUid, from: query.from, to: query.to, within: query.within, place: query.place };
  }

  /** A page of the list from the catalog, or from the database when the catalog cannot serve. */
  async list(query: ListQuery, caller: AuthUser | undefined): Promise<{ items: Artifact[]; total: number; didYouMean: string | null }> {
    let filter = this.filterOf(query, caller);
    const sort = query.sort ?? (filter.search ? 'relevance' : DEFAULT_SORT);
    // The catalog never holds a hidden artifact: a contributor who has one gets their own list from
    // the database, with it (docs/decisions/0012-moderation.md). filterOf made adderUid the caller's.
    if (filter.adderUid && (await this.artifacts.hasHidden(filter.adderUid))) filter = { ...filter, includeHidden: true };
    const page = (filter.includeHidden ? null : this.catalog.list(filter, sort, query.page, query.limit)) ?? {
      ...(await this.artifacts.list(filter, sort, query.page, query.limit)),
      didYouMean: null,
    };
    return { items: page.items.map((doc) => toArtifact(doc, caller, this.access)), total: page.total, didYouMean: page.didYouMean };
  }

  facets(query: FilterQuery, caller: AuthUser | undefined): Promise<ArtifactFacets> {
    return this.catalog.facets(this.filterOf(query, caller));
  }

  /** The details: from the catalog when it holds the artifact (no database read), else the database. */
  async get(id: Types.ObjectId, caller: AuthUser | undefined): Promise<Artifact> {
    const doc = this.catalog.get(id.toHexString()) ?? (await this.artifacts.findById(id));
    // A hidden artifact is not in the catalog: the database's copy says who may still see it.
    if (!doc || (doc.moderation && !mayDisplayHidden(doc, caller))) throw new ArtifactNotFound();
    const artifact = toArtifact(doc, caller, this.access);
    if (caller) artifact.liked = await this.likes.exists(id, caller.uid);
    return artifact;
  }

  /**
   * A member's name is copied onto their artifacts (lists show it without a join): when they write
   * under a new display name, their earlier artifacts and their contributor entry follow. Their entry
   * takes the new name only after the artifacts did, so a name that differs from the entry's is the
   * only sign of a rename to carry out: renaming reads every artifact on FerretDB's SQLite handler
   * (docs/decisions/0043-writes-by-id.md).
   */
  private async followRename(user: AuthUser): Promise<void> {
    await this.contributorNames.assertMayUse(user.uid, user.name?.trim() || undefined);
    if (!user.name) return;
    const shown = await this.contributorNames.shownNameOf(user.uid);
    if (shown !== undefined && shown !== user.name) await this.artifacts.renameAdder(user.uid, user.name);
  }

  async create(input: ArtifactInput, user: AuthUser): Promise<Types.ObjectId> {
    const adderName = adderNameOf(user);
    const { images: requested, image: address, ...fields } = input;
    const images = requested ? await this.photos.resolve(requested, user.uid, null) : [];
    const copy = address !== undefined && (await this.photos.checkAddress(address)) === 'foreign';
    await this.followRename(user);
    // The insert and the contributor's +1 under their lock: a settle counts both or neither.
    const id = await this.contributorTotals.changing(user.uid, async () => {
      const inserted = await this.artifacts.insert({
        ...fields,
        ...this.pictureOf(images, address),
        adderName,
        adderEmail: user.email ?? '',
        adderUid: user.uid,
        addedAt: new Date(),
      });
      return { result: inserted, change: { artifacts: 1 }, name: adderName };
    });
    if (images.length > 0) await this.photos.settle(id.toHexString(), user.uid, images);
    else if (address && copy) this.photos.importAddress(id.toHexString(), user.uid, address, input.name);
    return id;
  }

  async update(id: Types.ObjectId, input: Partial<ArtifactInput>, user: AuthUser): Promise<number> {
    const doc = await this.ownedBy(id, user);
    const { images: requested, image: address, ...fields } = input;
    const images = requested ? await this.photos.resolve(requested, user.uid, id.toHexString()) : undefined;
    const changed = address !== undefined && address !== doc.image;
    const copy = changed && (await this.photos.checkAddress(address)) === 'foreign';
    await this.followRename(user);
    // The address sent again as it was (a form resends every field) leaves the photos alone.
    const picture = images || changed ? this.pictureOf(images ?? [], address) : {};
    const modified = await this.artifacts.update(id, { ...fields, ...picture });
    if (images) await this.photos.settle(id.toHexString(), user.uid, images);
    else if (address && changed) {
      await this.photos.settle(id.toHexString(), user.uid, []);
      if (copy) this.photos.importAddress(id.toHexString(), user.uid, address, input.name ?? doc.name);
    }
    if (user.name) await this.contributorTotals.adjust(user.uid, {}, user.name);
    return modified;
  }

  /** The cover's address and the photos, or a pasted address alone (its copy follows). */
  private pictureOf(images: readonly StoredImage[], address: string | undefined): { image: string; images: StoredImage[] } {
    const cover = images[0];
    return cover ? { image: this.photos.coverUrl(cover), images: [...images] } : { image: address ?? '', images: [] };
  }

  async delete(id: Types.ObjectId, user: AuthUser): Promise<number> {
    const doc = await this.ownedBy(id, user);
    // Under the contributor's lock, then the artifact's, as a like takes them: the likes it goes with
    // are the ones its contributor's totals lose, no like can follow it, and a settle of the totals
    // counts the artifact with them or neither.
    await this.contributorTotals.changing(doc.adderUid, async () => {
      const likes = await this.locks.holding(lockKeys.artifact(id.toHexString()), async () => {
        const count = await this.artifacts.likesOf(id);
        if (count === null || (await this.artifacts.delete(id)) === 0) throw new ArtifactNotFound();
        return count;
      });
      return { result: undefined, change: { artifacts: -1, likes: -likes } };
    });
    // The artifact goes first: if the process dies after it, start-up reconciliation removes the
    // orphaned likes and corrects the totals (and the sweep the photos no artifact names). Its like
    // records go after the answer (likes/like-removals.ts).
    await this.likeRemovals.removeAllFor(id);
    await this.photos.settle(id.toHexString(), doc.adderUid, []);
    return 1;
  }

  private async ownedBy(id: Types.ObjectId, user: AuthUser): Promise<StoredArtifact> {
    const doc = await this.artifacts.findById(id);
    if (!doc) throw new ArtifactNotFound();
    if (doc.adderUid !== user.uid) throw new ForbiddenException('Only the person who added this artifact can change it');
    return doc;
  }
}
