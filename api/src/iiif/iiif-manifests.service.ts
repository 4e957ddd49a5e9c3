import { Inject, Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { CollectionsService } from '../collections/collections.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { IiifImages } from './iiif-images.service';
import { artifactManifest, collectionDocument, type IiifAddresses, type ManifestPicture } from './iiif-presentation';
import { picturesOf } from './iiif-sources';

/**
 * The Presentation API's documents (docs/decisions/0023-iiif.md), from the public reads of the
 * artifacts and collections: a hidden artifact or a private collection is a 404 here as there.
 */
@Injectable()
export class IiifManifests {
  private readonly addresses: IiifAddresses;

  constructor(
    private readonly artifacts: ArtifactsService,
    private readonly collections: CollectionsService,
    private readonly images: IiifImages,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.addresses = { publicApiUrl: config.publicApiUrl, siteOrigin: config.siteOrigin };
  }

  async manifest(id: Types.ObjectId): Promise<Record<string, unknown>> {
    const artifact = await this.artifacts.get(id, undefined);
    // Each canvas has its picture's size: a photo whose file is missing has no canvas.
    const sized = await Promise.all(
      picturesOf(artifact, this.addresses.publicApiUrl).map(async (picture): Promise<ManifestPicture | null> => {
        const size = await this.images.dimensionsOf(picture.imageId, artifact);
        return size ? { ...picture, ...size } : null;
      }),
    );
    return artifactManifest(artifact, sized.filter((picture): picture is ManifestPicture => picture !== null), this.addresses);
  }

  async collection(id: Types.ObjectId): Promise<Record<string, unknown>> {
    return collectionDocument(await this.collections.get(id, undefined), this.addresses);
  }
}
