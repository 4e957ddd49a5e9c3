import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactPhotos } from '../artifacts/artifact-photos';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { AuthModule } from '../auth/auth.module';
import { APP_CONFIG } from '../config/env';
import { MediaArtifactPhotos } from './media-artifact-photos';
import { MediaMemberData } from './media-member-data';
import { MemberDataModule } from '../members/member-data.module';
import { PHOTO_MODEL, photoSchema } from './photo.schema';
import { PhotoQueue } from './photo-queue';
import { PhotoStore, photoStoreOf } from './photo-store';
import { PhotoAccess } from './photo-access';
import { PhotoVisibility } from './photo-visibility';
import { PhotosController } from './photos.controller';
import { PhotosRepository } from './photos.repository';
import { UploadedBytes, uploadedBytesOf } from './uploaded-bytes';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

/**
 * Members' photos (docs/decisions/0018-photos.md): resumable uploads, their processing, where the
 * files live and who may see them. Global for the port it provides to the artifacts
 * (ArtifactPhotos), which their module cannot import from here without a loop.
 */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: PHOTO_MODEL, schema: photoSchema }]), ArtifactRecordsModule, AuthModule, MemberDataModule],
  controllers: [UploadsController, PhotosController],
  providers: [
    PhotosRepository,
    PhotoQueue,
    PhotoVisibility,
    PhotoAccess,
    UploadsService,
    MediaArtifactPhotos,
    MediaMemberData,
    { provide: PhotoStore, useFactory: photoStoreOf, inject: [APP_CONFIG] },
    { provide: UploadedBytes, useFactory: uploadedBytesOf, inject: [APP_CONFIG] },
    { provide: ArtifactPhotos, useExisting: MediaArtifactPhotos },
  ],
  exports: [ArtifactPhotos, PhotoQueue, PhotosRepository, PhotoStore, PhotoVisibility],
})
export class MediaModule {}
