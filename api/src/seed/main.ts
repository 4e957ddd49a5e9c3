import { mkdirSync } from 'node:fs';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import mongoose from 'mongoose';
import { loadConfig } from '../config/env';
import { DEMO_ARTIFACTS, DEMO_USERS } from './demo-data';
import { imageSrcFileName, writeDemoImages } from './media';
import { artifactCount, writeArtifacts, type SeedArtifact } from './seed-writer';

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

function demoArtifacts(mediaBaseUrl: string, now: number): SeedArtifact[] {
  return DEMO_ARTIFACTS.map((artifact, index) => {
    const adder = DEMO_USERS[artifact.adder];
    if (!adder) throw new Error(`demo artifact ${artifact.slug} names a missing adder`);
    return {
      name: artifact.name,
      image: `${mediaBaseUrl}/${imageSrcFileName(artifact.slug)}`,
      type: artifact.type,
      context: artifact.context,
      shortDescription: artifact.shortDescription,
      createdAt: artifact.createdAt,
      discoveredAt: artifact.discoveredAt,
      discoveredBy: artifact.discoveredBy,
      location: artifact.location,
      // The pictures are drawings the seed makes itself (media.ts): offered under CC0 with a credit
      // line; every seventh keeps the default (Copyright Not Evaluated, no credit), as a member who
      // chose nothing would.
      ...(index % 7 === 0 ? {} : { rights: 'http://creativecommons.org/publicdomain/zero/1.0/' as const, credit: 'Illustration: Antiquarium demo data' }),
      adderUid: adder.uid,
      adderName: adder.displayName,
      adderEmail: adder.email,
      // Spread over the last months, in list order, so Latest and Oldest differ visibly.
      addedAt: new Date(now - (DEMO_ARTIFACTS.length - index) * 2 * DAY_MS),
      likes: artifact.likes,
    };
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.nodeEnv === 'production') throw new Error('The demo seed is for local development only');
  if (!config.authEmulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST must point at the Auth Emulator');
  const mediaDir = config.mediaDir;
  if (!mediaDir) throw new Error('MEDIA_DIR must name the folder the api serves images from');
  const mediaBaseUrl = process.env['MEDIA_BASE_URL'] ?? `http://localhost:${config.port}/media`;

  mkdirSync(mediaDir, { recursive: true });
  await writeDemoImages(mediaDir, DEMO_ARTIFACTS);
  await ensureDemoUsers(config.firebaseProjectId);

  const connection = await mongoose.createConnection(config.mongodbUri, { serverSelectionTimeoutMS: config.dbTimeoutMs }).asPromise();
  try {
    const existing = await artifactCount(connection);
    if (existing > 0) {
      console.log(`seed: the database already holds ${existing} artifacts; left as it is`);
      return;
    }
    await writeArtifacts(connection, demoArtifacts(mediaBaseUrl, Date.now()));
    console.log(`seed: ${DEMO_ARTIFACTS.length} artifacts by ${DEMO_USERS.length} demo users`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
