// Uploads in progress (issue 42, docs/decisions/0018-photos.md): kept where every api instance finds
// them (the photos' bucket under `uploads/` with PHOTO_STORE=s3, the folder otherwise), so that an
// upload begun through one instance is resumed through another, and nothing of it is left once it
// is processed, terminated or abandoned. The low-limit instances of scripts/test.mjs share the main
// api's database and storage: here they are "another instance behind the same load balancer".
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, ListPartsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type { Artifact } from '@antiquarium/contracts';
import { phoneJpeg } from '@antiquarium/testing/photos';
import { artifactInput, createdArtifacts } from './support/artifacts';
import { createUser, type TestUser } from './support/auth';
import { db } from './support/db';
import { MEDIA_ENV, RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL, UPLOADS_DIR } from './support/env';
import { api, expectStatus, newClientAddress } from './support/http';
import { appendUpload, createUpload, settledUpload } from './support/photos';

const ON_S3 = MEDIA_ENV['PHOTO_STORE'] === 's3';
const BUCKET = MEDIA_ENV['S3_BUCKET'] as string;
/** This file's client address on the low-limit instances (they count requests per address). */
const CLIENT = { 'x-forwarded-for': newClientAddress() };
const MiB = 1024 * 1024;

let s3: S3Client | undefined;
/** The S3 server itself, read with the SDK (not through the api). */
function bucket(): S3Client {
  s3 ??= new S3Client({
    endpoint: MEDIA_ENV['S3_ENDPOINT'],
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: MEDIA_ENV['S3_ACCESS_KEY_ID'] ?? '', secretAccessKey: MEDIA_ENV['S3_SECRET_ACCESS_KEY'] ?? '' },
  });
  return s3;
}

afterAll(() => s3?.destroy());

/** What the store holds of an upload: the bucket's keys under `uploads/<id>`, or the folder's `<id>` files. */
async function storedUpload(id: string): Promise<string[]> {
  if (ON_S3) {
    const listed = await bucket().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `uploads/${id}` }));
    return (listed.Contents ?? []).map((object) => object.Key as string).sort();
  }
  return readdirSync(UPLOADS_DIR as string)
    .filter((name) => name.startsWith(id))
    .sort();
}

/**
 * What a PATCH still writing through one instance leaves in the bucket when its upload was
 * terminated through another meanwhile: its `.part`, under an id no photo record names.
 */
async function plantLeftover(): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await bucket().send(new PutObjectCommand({ Bucket: BUCKET, Key: `uploads/${id}.part`, Body: Buffer.from('late bytes') }));
  return id;
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await bucket().send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
}

/** The S3 multipart upload behind an upload in progress, and the sizes of its parts (none: undefined). */
async function multipart(id: string): Promise<{ uploads: number; parts: number[] }> {
  const listed = await bucket().send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: `uploads/${id}` }));
  const open = (listed.Uploads ?? []).filter((upload) => upload.Key === `uploads/${id}`);
  if (open.length !== 1) return { uploads: open.length, parts: [] };
  const parts = await bucket().send(new ListPartsCommand({ Bucket: BUCKET, Key: `uploads/${id}`, UploadId: open[0]?.UploadId }));
  return { uploads: 1, parts: (parts.Parts ?? []).map((part) => part.Size ?? 0) };
}

async function usedBytes(user: TestUser): Promise<number> {
  const quota = await api<{ usedBytes: number }>('/media/quota', { token: user.token });
  expectStatus(quota, 200);
  return quota.body.usedBytes;
}

/** HEAD on one instance: where the upload stands. */
async function offsetOn(base: string, user: TestUser, location: string): Promise<{ status: number; offset: number; length: number }> {
  const head = await api(`${base}${location}`, { method: 'HEAD', token: user.token, headers: { 'tus-resumable': '1.0.0', ...CLIENT } });
  return { status: head.status, offset: Number(head.headers.get('upload-offset')), length: Number(head.headers.get('upload-length')) };
}

async function created(user: TestUser, bytes: Buffer, filetype = 'image/jpeg'): Promise<{ id: string; location: string }> {
  const answer = await createUpload(user.token, bytes.length, filetype);
  expectStatus(answer, 201);
  const location = answer.headers.get('location') ?? '';
  expect(location).toMatch(/^\/media\/uploads\/[a-f0-9]{32}$/);
  return { id: location.split('/').pop() as string, location };
}

const elsewhere = { base: RATE_LIMITED_API_URL, headers: CLIENT };

test('an upload begun on one instance is kept in the shared store, resumed and finished through another, then nothing of it is left', async () => {
  const user = await createUser();
  const photo = await phoneJpeg({ width: 1600, height: 1200 });
  const { id, location } = await created(user, photo);
  // Counted against the quota from its creation, once.
  expect(await usedBytes(user)).toBe(photo.length);
  const half = Math.floor(photo.length / 2);
  expect((await appendUpload(user.token, location, 0, photo.subarray(0, half))).status).toBe(204);

  if (ON_S3) {
    // In the photos' bucket under uploads/: its .info, and (shorter than an S3 part) the bytes so far as its .part.
    expect(await storedUpload(id)).toEqual([`uploads/${id}.info`, `uploads/${id}.part`]);
    expect((await objectBytes(`uploads/${id}.part`)).equals(photo.subarray(0, half))).toBe(true);
    expect(await multipart(id)).toEqual({ uploads: 1, parts: [] });
  } else {
    expect(await storedUpload(id)).toEqual([id, `${id}.json`]);
    expect(readFileSync(path.join(UPLOADS_DIR as string, id)).equals(photo.subarray(0, half))).toBe(true);
  }

  // The connection dropped; the next request lands on another instance, which knows where it stands.
  expect(await offsetOn(RATE_LIMITED_API_URL, user, location)).toEqual({ status: 200, offset: half, length: photo.length });
  const rest = await appendUpload(user.token, location, half, photo.subarray(half), elsewhere);
  expect(rest.status).toBe(204);
  expect(Number(rest.headers.get('upload-offset'))).toBe(photo.length);

  // Processed by that instance, its files in the shared store: the main api serves them.
  expect(await settledUpload(user.token, id)).toEqual({ id, state: 'ready', locationRemoved: true, width: 1600, height: 1200 });
  const { image: _address, ...input } = artifactInput();
  const artifact = await api<{ insertedId: string }>('/artifacts', { method: 'POST', token: user.token, body: { ...input, images: [{ upload: id, alt: 'A lamp sent in two halves' }] } });
  expectStatus(artifact, 201);
  createdArtifacts.push({ id: artifact.body.insertedId, owner: user });
  const details = await api<Artifact>(`/artifacts/${artifact.body.insertedId}`);
  const file = await fetch(details.body.images[0]?.url as string);
  expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('jpeg');

  // The original is gone from the store (no object, no multipart upload), on every instance.
  expect(await storedUpload(id)).toEqual([]);
  if (ON_S3) expect((await multipart(id)).uploads).toBe(0);
  expect((await offsetOn(RATE_LIMITED_API_URL, user, location)).status).toBe(404);
  expect((await offsetOn('', user, location)).status).toBe(404);
  expect(await usedBytes(user)).toBe(photo.length);
});

test('a photo larger than an S3 part is sent in three pieces through alternating instances: short pieces wait as a .part, then become parts', async () => {
  const user = await createUser();
  // Noise does not compress: a PNG of about 6.7 MB, more than an S3 part's 5 MiB least.
  const photo = await sharp({ create: { width: 1600, height: 1400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(6 * MiB);
  const { id, location } = await created(user, photo, 'image/png');

  expect((await appendUpload(user.token, location, 0, photo.subarray(0, 3 * MiB))).status).toBe(204);
  if (ON_S3) {
    expect(await multipart(id)).toEqual({ uploads: 1, parts: [] });
    expect((await objectBytes(`uploads/${id}.part`)).length).toBe(3 * MiB);
  }
  expect(await offsetOn(RATE_LIMITED_TWIN_URL, user, location)).toEqual({ status: 200, offset: 3 * MiB, length: photo.length });

  expect((await appendUpload(user.token, location, 3 * MiB, photo.subarray(3 * MiB, 6 * MiB), { base: RATE_LIMITED_TWIN_URL, headers: CLIENT })).status).toBe(204);
  if (ON_S3) {
    // The waiting .part and this piece made one part of 6 MiB.
    expect(await multipart(id)).toEqual({ uploads: 1, parts: [6 * MiB] });
    expect(await storedUpload(id)).toEqual([`uploads/${id}.info`]);
  }
  expect(await offsetOn('', user, location)).toEqual({ status: 200, offset: 6 * MiB, length: photo.length });

  // A piece sent at a stale offset is refused, whichever instance takes it.
  expect((await appendUpload(user.token, location, 3 * MiB, photo.subarray(3 * MiB, 3 * MiB + 1000), elsewhere)).status).toBe(409);
  expect((await appendUpload(user.token, location, 6 * MiB, photo.subarray(6 * MiB))).status).toBe(204);
  expect(await settledUpload(user.token, id, 40_000)).toEqual({ id, state: 'ready', locationRemoved: false, width: 1600, height: 1400 });
  expect(await storedUpload(id)).toEqual([]);
  if (ON_S3) expect((await multipart(id)).uploads).toBe(0);
}, 60_000);

test('an upload terminated through another instance, one abandoned for a day, and bytes a late PATCH left after a termination, leave nothing in the store and nothing on the quota', async () => {
  // Instances share uploads in progress only through a bucket: there a late PATCH can race a termination.
  const leftover = ON_S3 ? await plantLeftover() : null;
  if (leftover) expect(await storedUpload(leftover)).toHaveLength(1);
  const user = await createUser();
  const photo = await phoneJpeg({ width: 800, height: 600 });
  const half = Math.floor(photo.length / 2);

  const terminated = await created(user, photo);
  expect((await appendUpload(user.token, terminated.location, 0, photo.subarray(0, half))).status).toBe(204);
  expect(await storedUpload(terminated.id)).toHaveLength(2);
  const deleted = await api(`${RATE_LIMITED_API_URL}${terminated.location}`, { method: 'DELETE', token: user.token, headers: { 'tus-resumable': '1.0.0', ...CLIENT } });
  expect(deleted.status).toBe(204);
  expect(await storedUpload(terminated.id)).toEqual([]);
  if (ON_S3) expect((await multipart(terminated.id)).uploads).toBe(0);
  expect((await offsetOn('', user, terminated.location)).status).toBe(404);
  expect(await usedBytes(user)).toBe(0);

  // Abandoned: begun a day and more ago and never finished. Whichever instance sweeps first (each
  // does every 30 s) deletes its record and its bytes.
  const abandoned = await created(user, photo);
  expect((await appendUpload(user.token, abandoned.location, 0, photo.subarray(0, half))).status).toBe(204);
  await (await db()).collection('photos').updateOne({ _id: abandoned.id as never }, { $set: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
  const until = Date.now() + 45_000;
  while ((await api(`/media/uploads/${abandoned.id}`, { token: user.token })).status !== 404 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect((await api(`/media/uploads/${abandoned.id}`, { token: user.token })).status).toBe(404);
  expect(await storedUpload(abandoned.id)).toEqual([]);
  if (ON_S3) expect((await multipart(abandoned.id)).uploads).toBe(0);
  expect(await usedBytes(user)).toBe(0);

  // The late .part: removed by a sweep that found it unowned a sweep earlier too (every 30 s on each instance).
  if (leftover) {
    const gone = Date.now() + 65_000;
    while ((await storedUpload(leftover)).length > 0 && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await storedUpload(leftover)).toEqual([]);
  }
}, 140_000);

test('an empty upload is complete from its creation and refused as not a photo, as the folder refuses it', async () => {
  const user = await createUser();
  const { id } = await created(user, Buffer.alloc(0));
  // Settled means removed: its .info and the multipart upload its creation opened are gone already.
  expect(await settledUpload(user.token, id)).toEqual({ id, state: 'failed', reason: expect.stringMatching(/not a picture we can read/), locationRemoved: false });
  expect(await storedUpload(id)).toEqual([]);
  if (ON_S3) expect((await multipart(id)).uploads).toBe(0);
});
