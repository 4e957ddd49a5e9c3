import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PHOTO_MODEL, type PhotoDoc } from './photo.schema';

export type PhotoState = 'uploading' | 'processing' | 'ready' | 'failed';

export interface StoredPhoto {
  _id: string;
  uid: string;
  size: number;
  storedBytes: number;
  state: PhotoState;
  reason?: string;
  locationRemoved: boolean;
  width?: number;
  height?: number;
  hash?: string;
  placeholder?: string;
  widths: number[];
  source?: string;
  artifactId: string | null;
  createdAt: Date;
}

export interface ProcessedFields {
  width: number;
  height: number;
  hash: string;
  placeholder: string;
  widths: number[];
  storedBytes: number;
  locationRemoved: boolean;
}

/** The only code that reads or writes the photos collection. */
@Injectable()
export class PhotosRepository {
  constructor(@InjectModel(PHOTO_MODEL) private readonly model: Model<PhotoDoc>) {}

  async insert(photo: { _id: string; uid: string; size: number; state: PhotoState; source?: string }): Promise<void> {
    await this.model.create({ ...photo, createdAt: new Date() });
  }

  findById(id: string): Promise<StoredPhoto | null> {
    return this.model.findById(id).lean<StoredPhoto>().exec();
  }

  findByIds(ids: readonly string[]): Promise<StoredPhoto[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.model.find({ _id: { $in: [...ids] } }).lean<StoredPhoto[]>().exec();
  }

  findByHash(hash: string): Promise<StoredPhoto | null> {
    return this.model.findOne({ hash }).lean<StoredPhoto>().exec();
  }

  ofArtifact(artifactId: string): Promise<StoredPhoto[]> {
    return this.model.find({ artifactId }).lean<StoredPhoto[]>().exec();
  }

  ofMember(uid: string): Promise<StoredPhoto[]> {
    return this.model.find({ uid }).sort({ createdAt: -1 }).lean<StoredPhoto[]>().exec();
  }

  /** The bytes a member's photos take against their quota: what they sent, every photo not deleted. */
  async bytesOf(uid: string): Promise<number> {
    const rows = await this.model.aggregate<{ total: number }>([{ $match: { uid } }, { $group: { _id: null, total: { $sum: '$size' } } }]).exec();
    return rows[0]?.total ?? 0;
  }

  async markProcessing(id: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, state: { $in: ['uploading', 'processing'] } }, { $set: { state: 'processing' } }).exec();
    return result.matchedCount === 1;
  }

  async markReady(id: string, fields: ProcessedFields): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { ...fields, state: 'ready' }, $unset: { reason: 1 } }).exec();
  }

  async markFailed(id: string, reason: string): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { state: 'failed', reason } }).exec();
  }

  /** Names the photos as the artifact's; only the member's own, ready, and not another artifact's. */
  async attach(ids: readonly string[], uid: string, artifactId: string): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.model
      .updateMany({ _id: { $in: [...ids] }, uid, state: 'ready', artifactId: { $in: [null, artifactId] } }, { $set: { artifactId } })
      .exec();
    return result.modifiedCount;
  }

  async reassign(id: string, uid: string): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { uid } }).exec();
  }

  async delete(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.model.deleteMany({ _id: { $in: [...ids] } }).exec();
  }

  /** Photos no artifact named within the grace period (abandoned uploads), oldest first. */
  abandoned(olderThan: Date, limit: number): Promise<StoredPhoto[]> {
    return this.model.find({ artifactId: null, createdAt: { $lt: olderThan } }).sort({ createdAt: 1 }).limit(limit).lean<StoredPhoto[]>().exec();
  }

  /** Uploads whose processing a stopped process left unfinished. */
  stuck(olderThan: Date, limit: number): Promise<StoredPhoto[]> {
    return this.model.find({ state: 'processing', createdAt: { $lt: olderThan } }).limit(limit).lean<StoredPhoto[]>().exec();
  }
}
