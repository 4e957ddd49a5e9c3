import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import mongoose, { Types } from 'mongoose';
import { loadConfig } from '../config/env';
import { DEMO_ARTIFACTS, DEMO_USERS } from './demo-data';
import { photoStoreOf, type PhotoStore } from '../media/photo-store';
import { PlateCache, keepDemoPhoto, photosUrlOf, type SeedPhotoRecord } from './seed-photos';
import { artifactCount, writeArtifacts, writePhotos, type SeedArtifact } from './seed-writer';

const DAY_MS = 86_400_000;

/** Demo accounts in the Auth Emulator (kept as they are when present). */
async function ensureDemoUsers(projectId: string): Promise<void> {
  const auth = getAuth(initializeApp({ projectId }, 'seed'));
  for (const user of DEMO_USERS) {
    try {
      await auth.getUser(user.uid);
    } catch {
      await auth.createUser({ uid: user.uid, email: user.email, password: user.password, displayName: user.displayName, emailVerified: true });
    }
  }
}

/**
 * The demo artifacts, each with its plate kept as a photo (seed-photos.ts) in the api's photo store.
 * Returns the artifacts and their photos' records, which name them by id.
 */
async function demoArtifacts(store: PhotoStore, photosUrl: string, now: number, cache?: PlateCache): Promise<{ artifacts: SeedArtifact[]; photos: SeedPhotoRecord[] }> {
  const artifacts: SeedArtifact[] = [];
  const photos: SeedPhotoRecord[] = [];
  for (const [index, artifact] of DEMO_ARTIFACTS.entries()) {
    const adder = DEMO_USERS[artifact.adder];
    if (!adder) throw new Error(`demo artifact ${artifact.slug} names a missing adder`);
    const _id = new Types.ObjectId();
    // Spread over the last months, in list order, so Latest and Oldest differ visibly.
    const addedAt = new Date(now - (DEMO_ARTIFACTS.length - index) * 2 * DAY_MS);
    const photo = await keepDemoPhoto(store, artifact, { photosUrl, uid: adder.uid, artifactId: _id.toHexString(), createdAt: addedAt, cache });
    photos.push(photo.record);
    artifacts.push({
      _id,
      name: artifact.name,
      image: photo.cover,
      images: [photo.image],
      type: artifact.type,
      context: artifact.context,
      shortDescription: artifact.shortDescription,
      createdAt: artifact.createdAt,
      discoveredAt: artifact.discoveredAt,
      discoveredBy: artifact.discoveredBy,
      location: artifact.location,
      // The pictures are drawings the seed makes itself (plate-svg.ts): offered under CC0 with a
      // credit line; every seventh keeps the default (Copyright Not Evaluated, no credit), as a
      // member who chose nothing would.
      ...(index % 7 === 0 ? {} : { rights: 'http://creativecommons.org/publicdomain/zero/1.0/' as const, credit: 'Illustration: Antiquarium demo data' }),
      adderUid: adder.uid,
      adderName: adder.displayName,
      adderEmail: adder.email,
      addedAt,
      likes: artifact.likes,
    });
  }
  return { artifacts, photos };
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.nodeEnv === 'production') throw new Error('The demo seed is for local development only');
  if (!config.authEmulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST must point at the Auth Emulator');
  await ensureDemoUsers(config.firebaseProjectId);

  const connection = await mongoose.createConnection(config.mongodbUri, { serverSelectionTimeoutMS: config.dbTimeoutMs }).asPromise();
  try {
    const existing = await artifactCount(connection);
    if (existing > 0) {
      console.log(`seed: the database already holds ${existing} artifacts; left as it is`);
      return;
    }
    const started = Date.now();
    // The scripts that seed several sites in one run share what the first seed processed (seed-photos.ts).
    const cacheDir = process.env['SEED_PHOTO_CACHE'];
    const store = await photoStoreOf(config);
    const { artifacts, photos } = await demoArtifacts(store, photosUrlOf(config.publicApiUrl), started, cacheDir ? new PlateCache(cacheDir) : undefined);
    store.close();
    // The photos first: an artifact is never read before the record that lets its files be served.
    await writePhotos(connection, photos);
    await writeArtifacts(connection, artifacts);
    console.log(`seed: ${DEMO_ARTIFACTS.length} artifacts by ${DEMO_USERS.length} demo users, their plates kept as photos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
