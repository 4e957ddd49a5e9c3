import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import { PHOTO_LIMITS, PHOTOS_PATH, type ArtifactImageInput } from '@antiquarium/contracts';
import { ArtifactPhotos, type StoredImage } from '../artifacts/artifact-photos';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { ValidationFailed } from '../common/errors';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { PhotoAccess } from './photo-access';
import { coverUrlOf, derivedKeys } from './photo-files';
import { PhotoQueue } from './photo-queue';
import { PhotoStore } from './photo-store';
import { PhotoVisibility } from './photo-visibility';
import { PhotosRepository, type StoredPhoto } from './photos.repository';
import { RemoteImageRefused, fetchRemoteImage, isPublicAddress } from './remote-image';
import { UploadedBytes } from './uploaded-bytes';

/** The photos behind the artifacts' writes (the port artifacts/artifact-photos.ts owns). */
@Injectable()
export class MediaArtifactPhotos extends ArtifactPhotos {
  private readonly logger = new Logger('ArtifactPhotos');

  constructor(
    private readonly photos: PhotosRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly queue: PhotoQueue,
    private readonly store: PhotoStore,
    private readonly uploads: UploadedBytes,
    private readonly visibility: PhotoVisibility,
    private readonly access: PhotoAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async resolve(inputs: readonly ArtifactImageInput[], uid: string, artifactId: string | null): Promise<StoredImage[]> {
    const ids = inputs.map((input) => ('upload' in input ? input.upload : input.id));
    const found = new Map((await this.photos.findByIds(ids)).map((photo) => [photo._id, photo]));
    return inputs.map((input, index) => {
      const photo = found.get(ids[index] as string);
      const problem = this.problemWith(input, photo, uid, artifactId);
      if (problem || !photo) throw new ValidationFailed(`Photo ${index + 1}: ${problem}`, { images: `Photo ${index + 1}: ${problem}` });
      return this.toStored(photo, input);
    });
  }

  private problemWith(input: ArtifactImageInput, photo: StoredPhoto | undefined, uid: string, artifactId: string | null): string | undefined {
    if ('id' in input) {
      return photo && artifactId !== null && photo.artifactId === artifactId ? undefined : 'This photo is not one of this artifact’s';
    }
    if (!photo || photo.uid !== uid) return 'No such upload of yours';
    if (photo.artifactId !== null && photo.artifactId !== artifactId) return 'This upload already belongs to another artifact';
    if (photo.state === 'failed') return photo.reason ?? 'This photo could not be processed';
    if (photo.state !== 'ready') return 'This photo is still being processed: wait a moment and save again';
    return undefined;
  }

  private toStored(photo: StoredPhoto, input: ArtifactImageInput): StoredImage {
    const image: StoredImage = {
      id: photo._id,
      src: `${this.config.publicApiUrl}${PHOTOS_PATH}/${photo.hash}`,
      alt: input.alt,
      width: photo.width as number,
      height: photo.height as number,
      placeholder: photo.placeholder as string,
    };
    if (input.caption) image.caption = input.caption;
    return image;
  }

  async settle(artifactId: string, uid: string, images: readonly StoredImage[]): Promise<void> {
    const keep = new Set(images.map((image) => image.id));
    await this.photos.attach([...keep], uid, artifactId);
    const dropped = (await this.photos.ofArtifact(artifactId)).filter((photo) => !keep.has(photo._id));
    for (const photo of dropped) {
      if (photo.hash) {
        this.visibility.forget(photo.hash);
        await this.store.delete(derivedKeys(photo.hash, photo.widths));
      }
    }
    await this.photos.delete(dropped.map((photo) => photo._id));
    for (const image of images) this.visibility.forget(image.src.slice(image.src.lastIndexOf('/') + 1));
  }

  accessQuery(image: Pick<StoredImage, 'src'>): string {
    return `?access=${this.access.grant(image.src.slice(image.src.lastIndexOf('/') + 1))}`;
  }

  coverUrl(image: StoredImage): string {
    return coverUrlOf(image);
  }

  async checkAddress(url: string): Promise<'own' | 'foreign'> {
    const parsed = new URL(url);
    if (parsed.origin === new URL(this.config.publicApiUrl).origin && parsed.pathname.startsWith('/media/')) return 'own';
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (this.config.mediaFetchAllowHosts.some((allowed) => allowed === parsed.host || allowed === host)) return 'foreign';
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((answer) => answer.address);
    } catch {
      // A name that does not resolve now may later: the copy says so then, the record keeps its address.
      return 'foreign';
    }
    if (addresses.some((address) => !isPublicAddress(address))) {
      throw new ValidationFailed('The image address points to a private network', { image: 'The image address points to a private network' });
    }
    return 'foreign';
  }

  importAddress(artifactId: string, uid: string, url: string, alt: string): void {
    void this.copyAddress(artifactId, uid, url, alt).then((outcome) => {
      if (outcome !== 'copied') this.logger.warn(`a pasted address was not copied: ${outcome}`);
    }, (error: unknown) => {
      this.logger.warn(`copying a pasted address failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** Fetches the address behind the guard, processes it like an upload, then shows it on the artifact. */
  async copyAddress(artifactId: string, uid: string, url: string, alt: string): Promise<'copied' | string> {
    let fetched: Buffer;
    try {
      const answer = await fetchRemoteImage(url, { maxBytes: PHOTO_LIMITS.maxBytes, allowHosts: this.config.mediaFetchAllowHosts });
      fetched = answer.bytes;
    } catch (error) {
      if (error instanceof RemoteImageRefused) return error.reason;
      throw error;
    }
    const id = randomBytes(16).toString('hex');
    // The record first: bytes no record names are a leftover to the sweep (photo-queue.ts).
    await this.photos.insert({ _id: id, uid, size: fetched.length, state: 'processing', source: url });
    await this.uploads.write(id, fetched);
    await this.queue.processNow(id);
    const photo = await this.photos.findById(id);
    if (photo?.state !== 'ready') {
      await this.queue.discard(id);
      return photo?.reason ?? 'The picture could not be processed';
    }
    const image = this.toStored(photo, { upload: id, alt: alt.slice(0, PHOTO_LIMITS.altLength) });
    // The photo belongs to the artifact before the record names it: a reader who sees the new
    // picture on the record (its contributor polls for it) finds its files served, never a 404.
    await this.photos.attach([id], uid, artifactId);
    const replaced = await this.artifacts.replacePicture(new Types.ObjectId(artifactId), url, { image: this.coverUrl(image), images: [image] });
    if (!replaced) {
      await this.queue.discard(id);
      return 'The artifact changed its picture meanwhile';
    }
    await this.settle(artifactId, uid, [image]);
    return 'copied';
  }
}
