import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Types } from 'mongoose';
import type { Artifact, Collection, CollectionInput, CollectionItem, CollectionItemInput, CollectionSummary, CollectionUpdate } from '@antiquarium/contracts';
import { adderNameOf } from '../artifacts/artifacts.service';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { toArtifact } from '../artifacts/to-artifact';
import type { AuthUser } from '../auth/auth-user';
import { ValidationFailed } from '../common/errors';
import { ContributorNames } from '../contributors/contributor-names';
import { CollectionsRepository, type StoredCollection } from './collections.repository';

export class CollectionNotFound extends NotFoundException {
  constructor() {
    super('Collection not found');
  }
}

/** How many ids one artifact lookup asks for (a page of summaries may name up to 100 x 200). */
const LOOKUP_BATCH = 500;

/**
 * Collections (docs/decisions/0014-collections.md). Which items show is decided on every read: an
 * item shows when its artifact is public now (not restricted or removed by a moderation decision,
 * not deleted). Others never see the rest; the owner sees them in place, marked unavailable, so a
 * reversed decision brings them back and nothing they arranged is lost.
 */
@Injectable()
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly contributorNames: ContributorNames,
  ) {}

  async create(input: CollectionInput, user: AuthUser): Promise<Types.ObjectId> {
    const ownerName = await this.followRename(user);
    return this.collections.insert({ title: input.title, description: input.description ?? '', visibility: input.visibility, ownerUid: user.uid, ownerName });
  }

  async get(id: Types.ObjectId, caller: AuthUser | undefined): Promise<Collection> {
    const doc = await this.visibleTo(id, caller);
    const available = await this.availableArtifacts(doc.items.map((item) => item.artifactId));
    const owner = caller?.uid === doc.ownerUid;
    const items = doc.items.flatMap((item): CollectionItem[] => {
      const artifact = available.get(item.artifactId.toHexString());
      const base = { artifactId: item.artifactId.toHexString(), note: item.note ?? '' };
      if (artifact) return [{ ...base, artifact }];
      return owner ? [{ ...base, unavailable: true }] : [];
    });
    return { ...summaryFields(doc), items, itemCount: items.length };
  }

  async update(id: Types.ObjectId, fields: CollectionUpdate, user: AuthUser): Promise<Collection> {
    await this.ownedBy(id, user);
    const ownerName = await this.followRename(user);
    if (!(await this.collections.set(id, { ...fields, ownerName }))) throw new CollectionNotFound();
    return this.get(id, user);
  }

  /**
   * Replaces the items, in the order given. An artifact new to the list must be public now; one
   * already in it may stay while unavailable (the owner reorders around it, a reversal brings it back).
   */
  async replaceItems(id: Types.ObjectId, items: Required<CollectionItemInput>[], user: AuthUser): Promise<Collection> {
    const doc = await this.ownedBy(id, user);
    const present = new Set(doc.items.map((item) => item.artifactId.toHexString()));
    const added = items.filter((item) => !present.has(item.artifactId));
    const available = await this.availableArtifacts(added.map((item) => new Types.ObjectId(item.artifactId)));
    const fields: Record<string, string> = {};
    items.forEach((item, index) => {
      if (!present.has(item.artifactId) && !available.has(item.artifactId)) fields[`items[${index}].artifactId`] = 'No such artifact, or it is not available';
    });
    const [first] = Object.entries(fields);
    if (first) throw new ValidationFailed(`${first[0]}: ${first[1]}`, fields);
    const ownerName = await this.followRename(user);
    const stored = items.map((item) => ({ artifactId: new Types.ObjectId(item.artifactId), note: item.note }));
    if (!(await this.collections.set(id, { items: stored, ownerName }))) throw new CollectionNotFound();
    return this.get(id, user);
  }

  async delete(id: Types.ObjectId, user: AuthUser): Promise<number> {
    await this.ownedBy(id, user);
    const deleted = await this.collections.delete(id);
    if (deleted === 0) throw new CollectionNotFound();
    return deleted;
  }

  /** The caller's collections (public and private), with every stored item counted. */
  async mine(user: AuthUser, page: number, limit: number): Promise<{ items: CollectionSummary[]; total: number }> {
    return this.summaries(await this.collections.pageOf(user.uid, false, page, limit), true);
  }

  /** A member's public collections, counting only the items everyone sees. */
  async publicOf(uid: string, page: number, limit: number): Promise<{ items: CollectionSummary[]; total: number }> {
    return this.summaries(await this.collections.pageOf(uid, true, page, limit), false);
  }

  /** Every public collection (id order), counting only the items everyone sees. */
  async publicPage(page: number, limit: number): Promise<{ items: CollectionSummary[]; total: number }> {
    return this.summaries(await this.collections.publicPage(page, limit), false);
  }

  private async summaries(pageOf: { items: StoredCollection[]; total: number }, owner: boolean) {
    const available = await this.availableArtifacts(pageOf.items.flatMap((doc) => doc.items.map((item) => item.artifactId)));
    const items = pageOf.items.map((doc): CollectionSummary => {
      const shown = doc.items.flatMap((item) => available.get(item.artifactId.toHexString()) ?? []);
      return { ...summaryFields(doc), itemCount: owner ? doc.items.length : shown.length, coverImage: shown[0]?.image ?? null };
    });
    return { items, total: pageOf.total };
  }

  /** A private collection is its owner's alone: 404 for anyone else, as for one that does not exist. */
  private async visibleTo(id: Types.ObjectId, caller: AuthUser | undefined): Promise<StoredCollection> {
    const doc = await this.collections.findById(id);
    if (!doc || (doc.visibility !== 'public' && caller?.uid !== doc.ownerUid)) throw new CollectionNotFound();
    return doc;
  }

  /** 404 when the caller may not see it, 403 when they see it but it is not theirs. */
  private async ownedBy(id: Types.ObjectId, user: AuthUser): Promise<StoredCollection> {
    const doc = await this.visibleTo(id, user);
    if (doc.ownerUid !== user.uid) throw new ForbiddenException('Only the owner of this collection can change it');
    return doc;
  }

  /** The name the owner writes under; their other collections follow a rename (as artifacts do). */
  private async followRename(user: AuthUser): Promise<string> {
    await this.contributorNames.assertMayUse(user.uid, user.name?.trim() || undefined);
    const name = adderNameOf(user);
    await this.collections.renameOwner(user.uid, name);
    return name;
  }

  /** The public card data of those of `ids` that everyone may see now, by id (hex). */
  private async availableArtifacts(ids: readonly Types.ObjectId[]): Promise<Map<string, Artifact>> {
    const unique = [...new Map(ids.map((id) => [id.toHexString(), id])).values()];
    const found = new Map<string, Artifact>();
    for (let start = 0; start < unique.length; start += LOOKUP_BATCH) {
      for (const doc of await this.artifacts.findManyByIds(unique.slice(start, start + LOOKUP_BATCH))) found.set(doc._id.toHexString(), toArtifact(doc, undefined));
    }
    return found;
  }
}

/** The fields a collection and its summary share. */
function summaryFields(doc: StoredCollection): Omit<Collection, 'items' | 'itemCount'> {
  return {
    id: doc._id.toHexString(),
    ownerUid: doc.ownerUid,
    ownerName: doc.ownerName,
    title: doc.title,
    description: doc.description ?? '',
    visibility: doc.visibility,
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}
