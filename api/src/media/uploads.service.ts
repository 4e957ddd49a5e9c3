import { HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PHOTO_LIMITS, type UploadStatus } from '@antiquarium/contracts';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { PhotoQueue } from './photo-queue';
import { PhotosRepository, type StoredPhoto } from './photos.repository';
import { TusUploads } from './tus-uploads';
import { UploadedBytes } from './uploaded-bytes';

/** The rules around members' uploads: who owns one, how much each member may keep. */
@Injectable()
export class UploadsService {
  readonly tus: TusUploads;

  constructor(
    private readonly photos: PhotosRepository,
    private readonly queue: PhotoQueue,
    uploaded: UploadedBytes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tus = new TusUploads(uploaded.dataStore(), photos, queue);
  }

  async quota(uid: string): Promise<{ usedBytes: number; limitBytes: number; maxPhotoBytes: number }> {
    return { usedBytes: await this.photos.bytesOf(uid), limitBytes: this.config.photoQuotaBytes, maxPhotoBytes: PHOTO_LIMITS.maxBytes };
  }

  /** 413 when the member's photos and this one would pass their quota. */
  async assertRoomFor(uid: string, bytes: number): Promise<void> {
    const used = await this.photos.bytesOf(uid);
    if (used + bytes > this.config.photoQuotaBytes) {
      const limit = formatBytes(this.config.photoQuotaBytes);
      throw new HttpException(`Your photos would take more than your ${limit}: ${formatBytes(Math.max(0, this.config.photoQuotaBytes - used))} left`, 413);
    }
  }

  /** The member's own upload; 404 for anyone else's (its existence is not theirs to learn). */
  async ownUpload(id: string, uid: string): Promise<StoredPhoto> {
    const photo = /^[A-Za-z0-9_-]{8,64}$/.test(id) ? await this.photos.findById(id) : null;
    if (!photo || photo.uid !== uid) throw new NotFoundException('Upload not found');
    return photo;
  }

  statusOf(photo: StoredPhoto): UploadStatus {
    const state = photo.state === 'uploading' ? 'processing' : photo.state;
    const status: UploadStatus = { id: photo._id, state, locationRemoved: photo.locationRemoved ?? false };
    if (photo.reason) status.reason = photo.reason;
    if (photo.width && photo.height) Object.assign(status, { width: photo.width, height: photo.height });
    return status;
  }

  discard(id: string): Promise<void> {
    return this.queue.discard(id);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Number((bytes / 1024 ** 3).toFixed(1))} GB`;
  if (bytes >= 1024 ** 2) return `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
