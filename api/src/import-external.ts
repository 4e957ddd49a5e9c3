import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Types } from 'mongoose';
import { AppModule } from './app.module';
import { ArtifactsRepository } from './artifacts/artifacts.repository';
import { loadConfig } from './config/env';
import { MediaArtifactPhotos } from './media/media-artifact-photos';

/**
 * `npm run media -- import-external`: copies the pictures of artifacts that still point at another
 * site (records written before photos were kept, or whose copy failed) through the same guard and
 * pipeline as a pasted address. Resumable: an artifact copied before has a photo and is skipped, so
 * a run stopped half-way goes on where it stopped. Prints what it could not fetch, and why.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  const artifacts = app.get(ArtifactsRepository);
  const photos = app.get(MediaArtifactPhotos);
  const own = new URL(config.publicApiUrl).origin;
  const failed: { id: string; image: string; reason: string }[] = [];
  let copied = 0;
  let after: Types.ObjectId | undefined;
  for (;;) {
    const batch = await artifacts.withoutPhotos(after, 100);
    if (batch.length === 0) break;
    for (const artifact of batch) {
      after = artifact._id;
      if (!/^https?:\/\//.test(artifact.image) || new URL(artifact.image).origin === own) continue;
      const outcome = await photos.copyAddress(artifact._id.toHexString(), artifact.adderUid, artifact.image, artifact.name).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (outcome === 'copied') copied += 1;
      else failed.push({ id: artifact._id.toHexString(), image: artifact.image, reason: outcome });
    }
  }
  console.log(`import-external: ${copied} copied, ${failed.length} not copied`);
  for (const item of failed) console.log(`  ${item.id}  ${item.image}  ${item.reason}`);
  await app.close();
}

main().catch((error: unknown) => {
  Logger.error(error instanceof Error ? error.message : String(error), 'import-external');
  process.exit(1);
});
