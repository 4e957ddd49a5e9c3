import { Module } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { CollectionsModule } from '../collections/collections.module';
import { MediaModule } from '../media/media.module';
import { IiifImagesController } from './iiif-images.controller';
import { IiifImages } from './iiif-images.service';
import { IiifManifests } from './iiif-manifests.service';
import { IiifPresentationController } from './iiif-presentation.controller';

/**
 * IIIF (docs/decisions/0023-iiif.md): the Image API over the pictures the site keeps, and the
 * Presentation API's manifests and collections over the public artifacts and collections. Which
 * pictures the public may see is the media module's rule (PhotoVisibility), used as it is.
 */
@Module({
  imports: [ArtifactRecordsModule, ArtifactsModule, CollectionsModule, MediaModule],
  controllers: [IiifPresentationController, IiifImagesController],
  providers: [IiifImages, IiifManifests],
})
export class IiifModule {}
