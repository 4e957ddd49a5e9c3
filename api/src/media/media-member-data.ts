import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PHOTOS_PATH, photoFileName } from '@antiquarium/contracts';
import { Types } from 'mongoose';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { FORMER_MEMBER_UID } from '../members/former-member';
import { MemberDataRegistry, type ContributionsChoice } from '../members/member-data';
import { PhotoQueue } from './photo-queue';
import { PhotosRepository } from './photos.repository';

/**
 * A member's photos in their export (with the addresses to download each published file) and on
 * the deletion of their account: with `delete`, every stored file of every photo goes; with
 * `anonymize`, the photos of the artifacts kept stay with them (under no owner), the rest go.
 * Runs after the artifacts' erase (20), which removed or released the artifacts themselves.
 */
@Injectable()
export class MediaMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly photos: PhotosRepository,
    private readonly queue: PhotoQueue,
    private readonly artifacts: ArtifactsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register({ section: 'photos', eraseOrder: 25, export: (uid) => this.export(uid), erase: (uid, mode) => this.erase(uid, mode) });
  }

  private async export(uid: string): Promise<unknown> {
    const photos = await this.photos.ofMember(uid);
    return photos.map((photo) => ({
      id: photo._id,
      state: photo.state,
      artifactId: photo.artifactId,
      width: photo.width ?? null,
      height: photo.height ?? null,
      uploadedBytes: photo.size,
      locationRemoved: photo.locationRemoved ?? false,
      ...(photo.source ? { copiedFrom: photo.source } : {}),
      createdAt: new Date(photo.createdAt).toISOString(),
      files: photo.hash ? photo.widths.map((width) => `${this.config.publicApiUrl}${PHOTOS_PATH}/${photoFileName(photo.hash as string, width, 'jpg')}`) : [],
    }));
  }

  /** Whether the artifact still exists (kept under the "Former member" credit). */
  private async artifactKept(artifactId: string): Promise<boolean> {
    return Types.ObjectId.isValid(artifactId) && (await this.artifacts.findById(new Types.ObjectId(artifactId))) !== null;
  }

  private async erase(uid: string, mode: ContributionsChoice): Promise<void> {
    for (const photo of await this.photos.ofMember(uid)) {
      if (mode === 'anonymize' && photo.artifactId && (await this.artifactKept(photo.artifactId))) {
        await this.photos.reassign(photo._id, FORMER_MEMBER_UID);
      } else {
        await this.queue.discard(photo._id);
      }
    }
  }
}
