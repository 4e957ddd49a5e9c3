import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { QueryFilter, Model, Types } from 'mongoose';
import type { ArtifactInput, SortOption } from '@antiquarium/contracts';
import type { StoredImage } from './artifact-photos';
import type { ArtifactTotals } from '../contributors/artifact-totals';
import { noOperationTimeout } from '../database/operation-timeout';
import { ArtifactChanges, type ArtifactChange } from './artifact-changes';
import {
  CATALOG_PROJECTION,
  OPEN_DATA_PROJECTION,
  PUBLIC_PROJECTION,
  type CatalogArtifact,
  type ListResult,
  type OpenDataArtifact,
  type StoredArtifact,
} from './artifact-projections';
import { filterToQuery, isWholePublicCollection, LIST_SORTS, type ArtifactFilter } from './artifact-query';
import { ARTIFACT_MODEL, type ArtifactDoc } from './artifact.schema';
import { derivedChanges, derivedFields } from './derived-fields';
import { HOME_LIST_MAX_LIMIT, HomeListCache } from './home-list-cache';

/** What an artifact stores of its input: the cover's address and the photos resolved (artifact-photos.ts). */
export type ArtifactFields = Omit<ArtifactInput, 'image' | 'images'> & { image: string; images: StoredImage[] };

export interface NewArtifact extends ArtifactFields {
  adderName: string;
  adderEmail: string;
  adderUid: string;
  addedAt: Date;
}

/**
 * The one test of "public" for reads that go round the lists (the open data): not hidden by a
 * moderation decision (docs/decisions/0012-moderation.md). Extend here when another state hides.
 */
export const PUBLICLY_VISIBLE = { moderation: { $exists: false } } as const;

/** A catalog refresh of up to this many artifacts reads them one by one (findForCatalog). */
const ONE_BY_ONE = 16;

export interface ScannedArtifact {
  _id: Types.ObjectId;
  likes: number;
  adderUid: string;
  adderName: string;
  name: string;
  nameLower: string;
  createdAt: string;
  location: string;
  derivedVersion?: number;
}

/** The only code that reads or writes the artifacts collection (the contributors' ArtifactTotals too). */
@Injectable()
export class ArtifactsRepository implements ArtifactTotals {
  private readonly homeLists = new HomeListCache();

  constructor(
    @InjectModel(ARTIFACT_MODEL) private readonly model: Model<ArtifactDoc>,
    private readonly changes: ArtifactChanges,
  ) {}

  /**
   * Runs a write, then, whatever its outcome (it may have applied), clears the home lists and tells
   * the catalog and the other instances what changed; the write answers after the catalog has it.
   */
  private async write<T>(run: () => Promise<T>, change: (result: T | undefined) => ArtifactChange): Promise<T> {
    let result: T | undefined;
    try {
      result = await run();
      return result;
    } finally {
      this.homeLists.clear();
      await this.changes.emit(change(result));
    }
  }

  /** For writes made by another instance (the catalog hears of them). */
  clearHomeLists(): void {
    this.homeLists.clear();
  }

  list(filter: ArtifactFilter, sort: SortOption, page: number, limit: number): Promise<ListResult> {
    const query = filterToQuery(filter);
    const empty = isWholePublicCollection(query);
    if (empty && page === 1 && limit <= HOME_LIST_MAX_LIMIT) {
      return this.homeLists.get(`${sort}:${limit}`, () => this.query(query, empty, sort, page, limit));
    }
    return this.query(query, empty, sort, page, limit);
  }

  private async query(query: QueryFilter<ArtifactDoc>, empty: boolean, sort: SortOption, page: number, limit: number): Promise<ListResult> {
    const [items, total] = await Promise.all([
      this.model
        .find(query, PUBLIC_PROJECTION)
        .sort(LIST_SORTS[sort])
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredArtifact[]>()
        .exec(),
      empty ? this.publicCount() : this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** The public artifacts: the collection's estimated size less the few that moderation hid. */
  private async publicCount(): Promise<number> {
    const [all, hidden] = await Promise.all([
      this.model.estimatedDocumentCount().exec(),
      this.model.countDocuments({ moderation: { $in: ['restricted', 'removed'] } }).exec(),
    ]);
    return Math.max(0, all - hidden);
  }

  /** Whether a moderation decision hides any of this member's artifacts (their own list then comes from here). */
  async hasHidden(adderUid: string): Promise<boolean> {
    return (await this.model.exists({ adderUid, moderation: { $in: ['restricted', 'removed'] } }).exec()) !== null;
  }

  /** The ids of the artifacts a moderation decision hides: the few (see publicCount) that no public list holds. */
  async hiddenIds(): Promise<Types.ObjectId[]> {
    const docs = await this.model.find({ moderation: { $in: ['restricted', 'removed'] } }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>().exec();
    return docs.map((doc) => doc._id);
  }

  findById(id: Types.ObjectId): Promise<StoredArtifact | null> {
    return this.model.findById(id, PUBLIC_PROJECTION).lean<StoredArtifact>().exec();
  }

  findManyByIds(ids: readonly Types.ObjectId[]): Promise<StoredArtifact[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.model
      .find({ _id: { $in: ids }, moderation: { $exists: false } }, PUBLIC_PROJECTION)
      .lean<StoredArtifact[]>()
      .exec();
  }

  /** The ids of up to `limit` public artifacts after `after`, in id order (an open-data page's bounds). */
  async publicIdsAfter(after: Types.ObjectId | undefined, limit: number): Promise<Types.ObjectId[]> {
    const query = after ? { ...PUBLICLY_VISIBLE, _id: { $gt: after } } : { ...PUBLICLY_VISIBLE };
    const docs = await this.model.find(query, { _id: 1 }).sort({ _id: 1 }).limit(limit).lean<{ _id: Types.ObjectId }[]>().exec();
    return docs.map((doc) => doc._id);
  }

  /** Public artifacts with ids in (after, upTo], in id order, at most `limit`: one batch of an open-data page. */
  openDataBatch(after: Types.ObjectId | undefined, upTo: Types.ObjectId, limit: number): Promise<OpenDataArtifact[]> {
    const _id = after ? { $gt: after, $lte: upTo } : { $lte: upTo };
    return this.model.find({ ...PUBLICLY_VISIBLE, _id }, OPEN_DATA_PROJECTION).sort({ _id: 1 }).limit(limit).lean<OpenDataArtifact[]>().exec();
  }

  /** One public artifact as the open data publishes it, or null (missing or hidden). */
  openDataRecord(id: Types.ObjectId): Promise<OpenDataArtifact | null> {
    return this.model.findOne({ ...PUBLICLY_VISIBLE, _id: id }, OPEN_DATA_PROJECTION).lean<OpenDataArtifact>().exec();
  }

  async insert(artifact: NewArtifact): Promise<Types.ObjectId> {
    const created = await this.write(
      () => this.model.create({ ...artifact, ...derivedFields(artifact), likes: 0 }),
      (doc) => ({ ids: doc ? [doc._id.toHexString()] : [] }),
    );
    return created._id;
  }

  async update(id: Types.ObjectId, fields: Partial<ArtifactFields>): Promise<number> {
    const set: Record<string, unknown> = { ...fields, ...derivedChanges(fields) };
    // Nothing left to change (a picture sent again as it was): nothing to write.
    if (Object.keys(set).length === 0) return 0;
    const result = await this.write(() => this.model.updateOne({ _id: id }, { $set: set }).exec(), () => ({ ids: [id.toHexString()] }));
    return result.modifiedCount;
  }

  /** Sets the picture only while the artifact still shows `expectedImage` (a pasted address's copy). */
  async replacePicture(id: Types.ObjectId, expectedImage: string, picture: { image: string; images: StoredImage[] }): Promise<boolean> {
    const result = await this.write(
      () => this.model.updateOne({ _id: id, image: expectedImage }, { $set: picture }).exec(),
      () => ({ ids: [id.toHexString()] }),
    );
    return result.modifiedCount === 1;
  }

  async delete(id: Types.ObjectId): Promise<number> {
    const result = await this.write(() => this.model.deleteOne({ _id: id }).exec(), () => ({ ids: [id.toHexString()] }));
    return result.deletedCount;
  }

  /**
   * Hides the artifact (a moderation decision) or, with null, makes it public again; the catalogs
   * of every instance hear of it like any write. False when the artifact is gone.
   */
  async setModeration(id: Types.ObjectId, state: 'restricted' | 'removed' | null, decisionId: string): Promise<boolean> {
    const update = state ? { $set: { moderation: state, moderationDecisionId: decisionId } } : { $unset: { moderation: 1, moderationDecisionId: 1 } };
    const result = await this.write(() => this.model.updateOne({ _id: id }, update).exec(), () => ({ ids: [id.toHexString()] }));
    return result.matchedCount === 1;
  }

  /** Shows a member's current display name on all their artifacts; the number changed. */
  async renameAdder(adderUid: string, adderName: string): Promise<number> {
    const result = await this.write(
      () => this.model.updateMany({ adderUid, adderName: { $ne: adderName } }, { $set: { adderName } }).exec(),
      (done) => (done && done.modifiedCount === 0 ? { ids: [] } : { adderUid }),
    );
    return result.modifiedCount;
  }

  /** Sets the like count; false when the artifact is gone. */
  async setLikes(id: Types.ObjectId, likes: number): Promise<boolean> {
    const result = await this.write(() => this.model.updateOne({ _id: id }, { $set: { likes } }).exec(), () => ({ ids: [id.toHexString()] }));
    return result.matchedCount === 1;
  }

  async likesOf(id: Types.ObjectId): Promise<number | null> {
    const doc = await this.model.findById(id, { likes: 1 }).lean<{ likes: number }>().exec();
    return doc ? (doc.likes ?? 0) : null;
  }

  /** An adder's artifact count and like total, computed from their artifacts. */
  async totalsFor(adderUid: string): Promise<{ artifacts: number; likes: number }> {
    // Summed here, not with $group/$sum: FerretDB 1.24 returned 0 for that sum once a document's
    // count had been rewritten with $set (seen in the api suite).
    const docs = await this.model.find({ adderUid }, { likes: 1, _id: 0 }).lean<{ likes?: number }[]>().exec();
    return { artifacts: docs.length, likes: docs.reduce((sum, doc) => sum + (doc.likes ?? 0), 0) };
  }

  // The next three serve a member's rights over their data (members/, docs/decisions/0013).

  /** A member's artifacts with every field the site holds, newest first, streamed (their export). */
  scanOwnedBy(adderUid: string): AsyncIterable<StoredArtifact> {
    return this.model.find({ adderUid }, PUBLIC_PROJECTION).sort({ addedAt: -1, _id: -1 }).lean().cursor() as AsyncIterable<StoredArtifact>;
  }

  /** Artifacts with no kept photo, in id order after `after`: those whose picture may still be elsewhere. */
  withoutPhotos(after: Types.ObjectId | undefined, limit: number): Promise<{ _id: Types.ObjectId; image: string; name: string; adderUid: string }[]> {
    const query = { images: { $size: 0 }, ...(after ? { _id: { $gt: after } } : {}) };
    return this.model.find(query, { image: 1, name: 1, adderUid: 1 }).sort({ _id: 1 }).limit(limit).lean<{ _id: Types.ObjectId; image: string; name: string; adderUid: string }[]>().exec();
  }

  /** Up to `limit` ids of a member's artifacts (erasing them batch by batch). */
  async idsOwnedBy(adderUid: string, limit: number): Promise<Types.ObjectId[]> {
    const docs = await this.model.find({ adderUid }, { _id: 1 }).sort({ addedAt: -1, _id: -1 }).limit(limit).lean<{ _id: Types.ObjectId }[]>().exec();
    return docs.map((doc) => doc._id);
  }

  /**
   * Deletes these artifacts of the member, or, with `credit`, keeps them under that name and owner
   * id (the "Former member" credit, with no email): either way every cache and instance is told.
   */
  async releaseOwned(adderUid: string, ids: readonly Types.ObjectId[], credit?: { adderUid: string; adderName: string }): Promise<number> {
    if (ids.length === 0) return 0;
    const query = { _id: { $in: [...ids] }, adderUid };
    const change = () => ({ ids: ids.map((id) => id.toHexString()) });
    if (!credit) return (await this.write(() => this.model.deleteMany(query).exec(), change)).deletedCount;
    const result = await this.write(() => this.model.updateMany(query, { $set: { ...credit, adderEmail: '' } }).exec(), change);
    return result.modifiedCount;
  }

  // The next three serve the start-up reconciliation only: maintenance whose work grows with the
  // collection, so they run without the per-operation bound (database/operation-timeout.ts).

  /** Every artifact's counters and derived name key, streamed (for reconciliation). */
  scanCounters(): AsyncIterable<ScannedArtifact> {
    return this.model
      .find({}, { likes: 1, adderUid: 1, adderName: 1, name: 1, nameLower: 1, createdAt: 1, location: 1, derivedVersion: 1 })
      .sort({ _id: 1 })
      .setOptions(noOperationTimeout())
      .lean()
      .cursor() as AsyncIterable<ScannedArtifact>;
  }

  /** Recomputes the derived fields of a document made by older rules (for reconciliation); false when it changed meanwhile. */
  async correctDerived(artifact: Pick<ScannedArtifact, '_id' | 'name' | 'createdAt' | 'location'>): Promise<boolean> {
    const { _id, name, createdAt, location } = artifact;
    const result = await this.write(
      () => this.model.updateOne({ _id, name, createdAt, location }, { $set: derivedFields({ name, createdAt, location }) }, noOperationTimeout()).exec(),
      () => ({ ids: [_id.toHexString()] }),
    );
    return result.modifiedCount === 1;
  }

  /** Every artifact as the catalog keeps it, streamed in id order (loading the catalog). */
  scanCatalog(): AsyncIterable<CatalogArtifact> {
    return this.model.find({}, CATALOG_PROJECTION).sort({ _id: 1 }).setOptions(noOperationTimeout()).lean().cursor() as AsyncIterable<CatalogArtifact>;
  }

  /** These artifacts (or all of one adder's) as the catalog keeps them, to refresh it after a write. */
  async findForCatalog(selector: { ids: readonly string[] } | { adderUid: string }): Promise<CatalogArtifact[]> {
    if ('ids' in selector && selector.ids.length <= ONE_BY_ONE) {
      // One lookup each: FerretDB 1.24 pushes down only a filter that is exactly `{ _id: value }`,
      // and reads and decodes every document for an `$in` (on SQLite at 100 000 artifacts 1.3 s
      // against 19 s; docs/performance.md).
      const docs = await Promise.all(selector.ids.map((id) => this.model.findOne({ _id: id }, CATALOG_PROJECTION).lean<CatalogArtifact>().exec()));
      return docs.filter((doc): doc is CatalogArtifact => doc !== null);
    }
    const query = 'ids' in selector ? { _id: { $in: [...selector.ids] } } : { adderUid: selector.adderUid };
    return this.model.find(query, CATALOG_PROJECTION).lean<CatalogArtifact[]>().exec();
  }

  /** Artifacts that pass the filter's search and owner parts, as the catalog keeps them (facets on the database path). */
  findSearchedForCatalog(filter: Pick<ArtifactFilter, 'search' | 'adderUid'>): Promise<CatalogArtifact[]> {
    return this.model.find(filterToQuery(filter), CATALOG_PROJECTION).lean<CatalogArtifact[]>().exec();
  }

  async existingIds(ids: readonly Types.ObjectId[]): Promise<Set<string>> {
    const docs = await this.model.find({ _id: { $in: ids } }, { _id: 1 }).setOptions(noOperationTimeout()).lean<{ _id: Types.ObjectId }[]>().exec();
    return new Set(docs.map((doc) => doc._id.toHexString()));
  }

  /** Sets the like count only if it still holds the value that was read (no lost concurrent toggle). */
  async correctLikes(id: Types.ObjectId, from: number, to: number): Promise<boolean> {
    const result = await this.write(
      () => this.model.updateOne({ _id: id, likes: from }, { $set: { likes: to } }, noOperationTimeout()).exec(),
      () => ({ ids: [id.toHexString()] }),
    );
    return result.modifiedCount === 1;
  }
}
