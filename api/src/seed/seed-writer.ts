import { Types, type Connection } from 'mongoose';
import { DEFAULT_RIGHTS, type ArtifactInput } from '@antiquarium/contracts';
import type { StoredImage } from '../artifacts/artifact-photos';
import { derivedFields } from '../artifacts/derived-fields';
import { artifactSchema, ARTIFACT_MODEL, type ArtifactDoc } from '../artifacts/artifact.schema';
import { contributorSchema, CONTRIBUTOR_MODEL } from '../contributors/contributor.schema';
import { nameKey } from '../contributors/name-key';
import { likeIdOf } from '../likes/like-id';
import { likeSchema, LIKE_MODEL } from '../likes/like.schema';
import { photoSchema, PHOTO_MODEL } from '../media/photo.schema';
import type { SeedPhotoRecord } from './seed-photos';

export interface SeedArtifact extends Omit<ArtifactInput, 'image' | 'images'> {
  /** Given when something written before it names the artifact (its photos); else a new one. */
  _id?: Types.ObjectId;
  image: string;
  images?: StoredImage[];
  adderUid: string;
  adderName: string;
  adderEmail: string;
  addedAt: Date;
  likes: number;
}

function models(connection: Connection) {
  return {
    artifacts: connection.models[ARTIFACT_MODEL] ?? connection.model(ARTIFACT_MODEL, artifactSchema),
    likes: connection.models[LIKE_MODEL] ?? connection.model(LIKE_MODEL, likeSchema),
    contributors: connection.models[CONTRIBUTOR_MODEL] ?? connection.model(CONTRIBUTOR_MODEL, contributorSchema),
    photos: connection.models[PHOTO_MODEL] ?? connection.model(PHOTO_MODEL, photoSchema),
  };
}

export async function artifactCount(connection: Connection): Promise<number> {
  return models(connection).artifacts.estimatedDocumentCount().exec();
}

/** Writes the records of photos already in the store (the demo plates), with the photos' indexes. */
export async function writePhotos(connection: Connection, photos: readonly SeedPhotoRecord[]): Promise<void> {
  const { photos: photoModel } = models(connection);
  await photoModel.createIndexes();
  if (photos.length > 0) await photoModel.insertMany([...photos], { ordered: true, lean: true });
}

/**
 * Writes artifacts with their like records (one per like, from synthetic fans, so that every count
 * equals its records) and the contributors' totals, in batches. Used by the seed and benchmarks.
 */
export async function writeArtifacts(connection: Connection, artifacts: readonly SeedArtifact[], batchSize = 1000): Promise<void> {
  const { artifacts: artifactModel, likes: likeModel, contributors } = models(connection);
  await Promise.all([artifactModel.createIndexes(), likeModel.createIndexes(), contributors.createIndexes()]);
  const totals = new Map<string, { name: string; artifacts: number; likes: number }>();
  for (let start = 0; start < artifacts.length; start += batchSize) {
    const batch = artifacts.slice(start, start + batchSize).map((artifact) => ({
      ...artifact,
      rights: artifact.rights ?? DEFAULT_RIGHTS,
      credit: artifact.credit ?? '',
      // Plain objects: mongoose types a subdocument array as its own document class.
      images: (artifact.images ?? []) as unknown as ArtifactDoc['images'],
      _id: artifact._id ?? new Types.ObjectId(),
      ...derivedFields(artifact),
    }));
    await artifactModel.insertMany(batch, { ordered: true, lean: true });
    const likeRecords = batch.flatMap((artifact) =>
      Array.from({ length: artifact.likes }, (_, fan) => {
        const uid = `seed-fan-${String(fan + 1).padStart(3, '0')}`;
        return { _id: likeIdOf(artifact._id, uid), artifactId: artifact._id, uid, likedAt: artifact.addedAt };
      }),
    );
    if (likeRecords.length > 0) await likeModel.insertMany(likeRecords, { ordered: false, lean: true });
    for (const artifact of batch) {
      const total = totals.get(artifact.adderUid) ?? { name: artifact.adderName, artifacts: 0, likes: 0 };
      total.artifacts += 1;
      total.likes += artifact.likes;
      totals.set(artifact.adderUid, total);
    }
  }
  for (const [uid, total] of totals) {
    await contributors
      .updateOne({ _id: uid }, { $inc: { artifacts: total.artifacts, likes: total.likes }, $set: { name: total.name, nameKey: nameKey(total.name) } }, { upsert: true })
      .exec();
  }
  // Written past the api, so no change log entry tells the catalogs: a snapshot of before must not
  // be started from (docs/decisions/0030). Running instances see these at their next full read.
  await Promise.all(['catalogsnapshots', 'catalogsnapshotchunks'].map((name) => connection.collection(name).deleteMany({})));
}
