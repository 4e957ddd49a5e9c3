import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Types } from 'mongoose';
import { mediaImageFileName, photoFileName, type Artifact } from '@antiquarium/contracts';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { MAX_INPUT_PIXELS } from '../media/photo-processor';
import { PhotoStore } from '../media/photo-store';
import { PhotoVisibility } from '../media/photo-visibility';
import { sharpOnDemand } from '../media/sharp-on-demand';
import { PhotosRepository } from '../media/photos.repository';
import { checkImageRequest, IIIF_FORMATS, infoDocument, type Dimensions, type ImageRequestParts } from './iiif-image-request';
import { MEDIA_WIDTHS_WIDEST_FIRST, mediaPictureName, parseImageId, type ImageRef } from './iiif-sources';

export class ImageNotFound extends NotFoundException {
  constructor() {
    super('Image not found');
  }
}

/** The bytes a picture's tiles are cut from, with its size. */
interface Source extends Dimensions {
  /** Names the bytes: a change of file (a cover's address) is another key. */
  key: string;
  bytes: Buffer;
}

/** An image answer. */
export interface ImageAnswer {
  body: Buffer;
  contentType: string;
  cacheControl: string;
}

/**
 * A kept photo's files never change (they are named by the hash of their pixels): its tiles are
 * cached for a year, as its files are (docs/decisions/0018-photos.md). A media-folder picture is the
 * one an artifact's address names today, which its contributor may change: a day, as /media's files.
 */
const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const COVER_CACHE_CONTROL = 'public, max-age=86400';
/** info.json states this server's limits (maxArea, the features), which a release may change. */
const INFO_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The in-process caches, both bounded by bytes (lru-cache evicts the least recently used):
 * - sources: the widest JPEG of the photos viewed lately, so a viewer's tiles of one picture read the
 *   store once (a 2560 px JPEG is 0.3-1.5 MB);
 * - answers: tiles and sizes already made, keyed by the picture's bytes and the request's parts,
 *   so a repeat is a memory read. Answers are cached per process and never stored: the photo store
 *   holds only what a photo is (decision 0023), and every answer is re-made in tens of milliseconds.
 * A hidden or deleted photo's cached bytes are never served: visibility is asked on every request.
 */
export const SOURCE_CACHE_BYTES = 96 * 1024 * 1024;
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The IIIF Image API over the pictures the site keeps (docs/decisions/0023-iiif.md): which picture an
 * id names and whether the public may see it (PhotoVisibility for photos, the artifact's own read for
 * a media-folder picture: a hidden artifact's images answer 404), info.json, and the images, made by
 * iiif-processor over sharp and cached.
 */
@Injectable()
export class IiifImages {
  private readonly sources = new LRUCache<string, Source>({ maxSize: SOURCE_CACHE_BYTES, sizeCalculation: (source) => source.bytes.length });
  private readonly reading = new Map<string, Promise<Source>>();
  private readonly answers = new LRUCache<string, Omit<ImageAnswer, 'cacheControl'>>({ maxSize: ANSWER_CACHE_BYTES, sizeCalculation: (answer) => answer.body.length });
  private readonly publicApiUrl: string;
  private readonly mediaDir: string | undefined;

  constructor(
    private readonly photos: PhotosRepository,
    private readonly store: PhotoStore,
    private readonly visibility: PhotoVisibility,
    private readonly artifacts: ArtifactsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicApiUrl = config.publicApiUrl;
    this.mediaDir = config.mediaDir;
  }

  /** The image service's id (its base URI). */
  serviceId(imageId: string): string {
    return `${this.publicApiUrl}/iiif/3/${imageId}`;
  }

  /** 404 unless the id names a picture the public may see. */
  async assertPublic(imageId: string): Promise<void> {
    await this.open(imageId);
  }

  async info(imageId: string): Promise<{ doc: Record<string, unknown>; cacheControl: string }> {
    const { source } = await this.open(imageId);
    return { doc: infoDocument(this.serviceId(imageId), source), cacheControl: INFO_CACHE_CONTROL };
  }

  async image(imageId: string, parts: ImageRequestParts): Promise<ImageAnswer> {
    const { ref, source } = await this.open(imageId);
    const request = checkImageRequest(parts, source);
    const cacheControl = ref.kind === 'photo' ? PHOTO_CACHE_CONTROL : COVER_CACHE_CONTROL;
    const key = `${source.key}/${request.region}/${request.size}/${request.rotation}/${request.quality}.${request.format}`;
    const cached = this.answers.get(key);
    if (cached) return { ...cached, cacheControl };
    const path = [request.region, request.size, request.rotation, `${request.quality}.${request.format}`].map(encodeURIComponent).join('/');
    // The id and origin of this URL are the processor's only: the bytes come from `source`.
    // The library loads sharp with it: asked for when a picture is first cut (sharp-on-demand.ts).
    const { Processor } = await import('iiif-processor');
    const processor = new Processor(`http://iiif.invalid/iiif/3/picture/${path}`, async () => Readable.from([source.bytes]), {
      dimensionFunction: async () => ({ width: source.width, height: source.height }),
      sharpOptions: { limitInputPixels: MAX_INPUT_PIXELS },
    });
    const result = await processor.execute();
    // checkImageRequest refused whatever the processor would: this is a bug, not a bad request.
    if (result.type !== 'content' || !Buffer.isBuffer(result.body)) {
      throw new Error(`iiif-processor refused a checked request ${key}: ${result.type === 'error' ? result.message : result.type}`);
    }
    const answer = { body: result.body, contentType: IIIF_FORMATS[request.format] };
    this.answers.set(key, answer);
    return { ...answer, cacheControl };
  }

  /**
   * The size of a picture of a public artifact, for its manifest (the caller has read the artifact
   * as the public does), or null when its file is not there.
   */
  async dimensionsOf(imageId: string, artifact: Artifact): Promise<Dimensions | null> {
    const ref = parseImageId(imageId);
    if (!ref) return null;
    try {
      const source = ref.kind === 'photo' ? await this.photoSource(ref.hash) : await this.coverSource(artifact);
      return { width: source.width, height: source.height };
    } catch (error) {
      if (error instanceof ImageNotFound) return null;
      throw error;
    }
  }

  private async open(imageId: string): Promise<{ ref: ImageRef; source: Source }> {
    const ref = parseImageId(imageId);
    if (!ref) throw new ImageNotFound();
    if (ref.kind === 'photo') {
      // The photos' one rule (media/photo-visibility.ts): served while a public artifact names it.
      if (!(await this.visibility.isPublic(ref.hash))) throw new ImageNotFound();
      return { ref, source: await this.photoSource(ref.hash) };
    }
    let artifact: Artifact;
    try {
      // The artifact as the public reads it: a hidden or deleted one is a 404.
      artifact = await this.artifacts.get(new Types.ObjectId(ref.artifactId), undefined);
    } catch (error) {
      if (error instanceof NotFoundException) throw new ImageNotFound();
      throw error;
    }
    return { ref, source: await this.coverSource(artifact) };
  }

  private photoSource(hash: string): Promise<Source> {
    return this.source(`photo:${hash}`, async () => {
      const photo = await this.photos.findByHash(hash);
      if (!photo || photo.state !== 'ready' || photo.widths.length === 0) return null;
      const stored = await this.store.get(photoFileName(hash, Math.max(...photo.widths), 'jpg'));
      return stored ? buffer(stored.body) : null;
    });
  }

  /** An artifact's media-folder picture (one with no kept photo): its widest file in MEDIA_DIR. */
  private async coverSource(artifact: Artifact): Promise<Source> {
    const name = artifact.images.length === 0 ? mediaPictureName(artifact.image, this.publicApiUrl) : null;
    const dir = this.mediaDir;
    if (!name || !dir) throw new ImageNotFound();
    for (const width of MEDIA_WIDTHS_WIDEST_FIRST) {
      const file = mediaImageFileName(name, width);
      const source = await this.source(`media:${file}`, () => fs.readFile(path.join(dir, file)).catch(() => null)).catch((error: unknown) => {
        if (error instanceof ImageNotFound) return null;
        throw error;
      });
      if (source) return source;
    }
    throw new ImageNotFound();
  }

  /**
   * A picture's bytes and size, from the cache or read once: the requests that a viewer sends at
   * once for a picture not yet read (info.json and its first tiles) share one read.
   */
  private source(key: string, read: () => Promise<Buffer | null>): Promise<Source> {
    const cached = this.sources.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.reading.get(key);
    if (!pending) {
      pending = this.read(key, read).finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  private async read(key: string, read: () => Promise<Buffer | null>): Promise<Source> {
    const bytes = await read();
    if (!bytes) throw new ImageNotFound();
    // The header only: the size, upright (the photos are stored upright; a media file has no orientation).
    const sharp = await sharpOnDemand();
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    const { width, height } = metadata.autoOrient ?? metadata;
    if (!width || !height) throw new ImageNotFound();
    const source = { key, bytes, width, height };
    this.sources.set(key, source);
    return source;
  }
}
