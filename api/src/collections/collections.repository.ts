import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { CollectionVisibility } from '@antiquarium/contracts';
import { COLLECTION_MODEL, type CollectionDoc, type StoredItem } from './collection.schema';

export interface StoredCollection {
  _id: Types.ObjectId;
  ownerUid: string;
  ownerName: string;
  title: string;
  description: string;
  visibility: CollectionVisibility;
  items: StoredItem[];
  createdAt: Date;
  updatedAt: Date;
}

export interface CollectionFields {
  title?: string;
  description?: string;
  visibility?: CollectionVisibility;
}

const NEWEST_FIRST = { updatedAt: -1, _id: -1 } as const;

/** The only code that reads or writes the collections collection. */
@Injectable()
export class CollectionsRepository {
  constructor(@InjectModel(COLLECTION_MODEL) private readonly model: Model<CollectionDoc>) {}

  async insert(fields: Required<CollectionFields> & { ownerUid: string; ownerName: string }): Promise<Types.ObjectId> {
    const now = new Date();
    const created = await this.model.create({ ...fields, items: [], createdAt: now, updatedAt: now });
    return created._id;
  }

  findById(id: Types.ObjectId): Promise<StoredCollection | null> {
    return this.model.findById(id).lean<StoredCollection>().exec();
  }

  /** Sets whole fields (and the time of the change): one `$set` of one document. */
  async set(id: Types.ObjectId, fields: CollectionFields & { items?: StoredItem[]; ownerName?: string }): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id }, { $set: { ...fields, updatedAt: new Date() } }).exec();
    return result.matchedCount === 1;
  }

  async delete(id: Types.ObjectId): Promise<number> {
    return (await this.model.deleteOne({ _id: id }).exec()).deletedCount;
  }

  /** A member's collections, newest change first: all of them, or only the public ones. */
  pageOf(ownerUid: string, onlyPublic: boolean, page: number, limit: number): Promise<{ items: StoredCollection[]; total: number }> {
    return this.page(onlyPublic ? { ownerUid, visibility: 'public' as const } : { ownerUid }, NEWEST_FIRST, page, limit);
  }

  /** Every public collection in id order: pages that stay put while collections are added (the sitemap reads them). */
  publicPage(page: number, limit: number): Promise<{ items: StoredCollection[]; total: number }> {
    return this.page({ visibility: 'public' as const }, { _id: 1 }, page, limit);
  }

  private async page(query: Record<string, string>, sort: Record<string, 1 | -1>, page: number, limit: number): Promise<{ items: StoredCollection[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model
        .find(query)
        .sort(sort)
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredCollection[]>()
        .exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** The owner's name follows their display name on every collection (written only where it differs). */
  async renameOwner(ownerUid: string, ownerName: string): Promise<void> {
    await this.model.updateMany({ ownerUid, ownerName: { $ne: ownerName } }, { $set: { ownerName } }).exec();
  }

  /** A member's collections, oldest first, streamed (their export). */
  scanOwnedBy(ownerUid: string): AsyncIterable<StoredCollection> {
    return this.model.find({ ownerUid }).sort({ createdAt: 1, _id: 1 }).lean().cursor() as AsyncIterable<StoredCollection>;
  }

  /** Removes every collection of a member (their account's deletion; idempotent). */
  async deleteOwnedBy(ownerUid: string): Promise<number> {
    return (await this.model.deleteMany({ ownerUid }).exec()).deletedCount;
  }
}
