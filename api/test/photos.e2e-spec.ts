// Photos from any phone (issue 42, docs/decisions/0018-photos.md): tus uploads, cleaning, sizes,
// what the artifacts carry, and who may see the files.
import { readdirSync } from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { PHOTO_FILE_NAME, type Artifact, type DecisionView } from '@antiquarium/contracts';
import { leakedMetadata, phoneJpeg } from '@antiquarium/testing/photos';
import { artifactInput, createdArtifacts } from './support/artifacts';
import { createUser, grantModerator, type TestUser } from './support/auth';
import { db } from './support/db';
import { MEDIA_ENV, PHOTOS_DIR, RATE_LIMIT, RATE_LIMITED_API_URL } from './support/env';
import { api, expectApiError, expectStatus } from './support/http';
import { appendUpload, createUpload, settledUpload, uploadPhoto } from './support/photos';

let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  [member, other] = await Promise.all([createUser(), createUser()]);
});

async function createWithPhotos(owner: TestUser, images: { upload?: string; id?: string; alt: string; caption?: string }[]) {
  const { image: _address, ...input } = artifactInput();
  const answer = await api<{ insertedId: string }>('/artifacts', { method: 'POST', token: owner.token, body: { ...input, images } });
  if (answer.status === 201) createdArtifacts.push({ id: answer.body.insertedId, owner });
  return answer;
}

async function fetchBytes(url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

test('an upload requires a signed-in member, and says why it is refused', async () => {
  expectApiError(await createUpload(undefined, 1000), 401);
  const unverified = await createUser({ verified: false });
  expectApiError(await createUpload(unverified.token, 1000), 403);
  const tooLarge = expectApiError(await createUpload(member.token, 26 * 1024 * 1024), 413);
  expect(tooLarge.message).toMatch(/25 MB/);
});

test('a phone photo is uploaded in two parts, resumed from the offset the server reports, and cleaned of every metadata block', async () => {
  const photo = await phoneJpeg({ width: 2000, height: 1500, orientation: 6 });
  const created = await createUpload(member.token, photo.length);
  expectStatus(created, 201);
  const location = created.headers.get('location') ?? '';
  expect(location).toMatch(/^\/media\/uploads\/[a-f0-9]{32}$/);
  const half = Math.floor(photo.length / 2);
  expect((await appendUpload(member.token, location, 0, photo.subarray(0, half))).status).toBe(204);
  // The connection dropped here: the client asks where to go on.
  const head = await fetch(new URL(location, process.env['API_URL']), { method: 'HEAD', headers: { authorization: `Bearer ${member.token}`, 'tus-resumable': '1.0.0' } });
  expect(head.status).toBe(200);
  expect(Number(head.headers.get('upload-offset'))).toBe(half);
  // Someone else cannot read or write it.
  expect((await appendUpload(other.token, location, half, photo.subarray(half))).status).toBe(404);
  expect((await appendUpload(member.token, location, half, photo.subarray(half))).status).toBe(204);

  const id = location.split('/').pop() as string;
  const status = await settledUpload(member.token, id);
  // Orientation 6: stored 2000x1500, upright 1500x2000.
  expect(status).toEqual({ id, state: 'ready', locationRemoved: true, width: 1500, height: 2000 });
  expectApiError(await api(`/media/uploads/${id}`, { token: other.token }), 404);

  const created2 = await createWithPhotos(member, [{ upload: id, alt: 'A bronze lamp seen from above', caption: 'Found in 1901' }]);
  expectStatus(created2, 201);
  const details = await api<Artifact>(`/artifacts/${created2.body.insertedId}`);
  const [image] = details.body.images;
  expect(image).toEqual(
    expect.objectContaining({ id, alt: 'A bronze lamp seen from above', caption: 'Found in 1901', width: 1500, height: 2000, placeholder: expect.stringMatching(/^[A-Za-z0-9+/=]{20,}$/) }),
  );
  expect(details.body.image).toMatch(/\/media\/photos\/[a-f0-9]{32}-960\.jpg$/);
  expect(image?.srcset.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['320w', '480w', '640w', '800w', '960w', '1280w']);
  expect(image?.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);

  // 1500 px wide: six widths (320-1280), each in three formats.
  await expectStored((image?.url.split('/').pop() as string).slice(0, 32), 18);

  const files = [image?.url, ...(image?.sources ?? []).map((source) => source.srcset.split(', ').at(-1)?.split(' ')[0]), details.body.image];
  for (const url of files) {
    const file = await fetchBytes(url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(leakedMetadata(file.bytes)).toEqual([]);
    const metadata = await sharp(file.bytes).metadata();
    expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
    // Upright: portrait, as the phone showed it.
    expect((metadata.height ?? 0) > (metadata.width ?? 0)).toBe(true);
  }
});

test('files that are not photos are refused by their bytes, whatever they claim to be', async () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  const refused = await uploadPhoto(member, svg, 'image/jpeg');
  expect(refused.status).toEqual(expect.objectContaining({ state: 'failed', reason: expect.stringMatching(/JPEG, PNG, WebP (and|or) AVIF/) }));
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
  expect((await uploadPhoto(member, gif, 'image/png')).status).toEqual(expect.objectContaining({ state: 'failed', reason: expect.stringMatching(/GIF/) }));
  const attached = await createWithPhotos(member, [{ upload: refused.id, alt: 'Nothing' }]);
  expect(expectApiError(attached, 400).message).toMatch(/^Photo 1: /);
});

test('a PNG, a WebP and an AVIF are accepted, ordered as sent, and only their uploader may use them', async () => {
  const base = sharp({ create: { width: 900, height: 600, channels: 3, background: '#a0522d' } });
  const uploads = [];
  for (const bytes of [await base.clone().png().toBuffer(), await base.clone().webp().toBuffer(), await base.clone().avif().toBuffer()]) {
    const upload = await uploadPhoto(member, bytes);
    expect(upload.status.state).toBe('ready');
    uploads.push(upload.id);
  }
  expect(expectApiError(await createWithPhotos(other, [{ upload: uploads[0] as string, alt: 'Stolen' }]), 400).message).toMatch(/No such upload of yours/);
  const created = await createWithPhotos(member, [
    { upload: uploads[2] as string, alt: 'Third sent first' },
    { upload: uploads[0] as string, alt: 'First' },
    { upload: uploads[1] as string, alt: 'Second' },
  ]);
  expectStatus(created, 201);
  const id = created.body.insertedId;
  const details = await api<Artifact>(`/artifacts/${id}`);
  expect(details.body.images.map((image) => image.alt)).toEqual(['Third sent first', 'First', 'Second']);
  // 900 px wide: never enlarged.
  expect(details.body.images[0]?.srcset.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['320w', '480w', '640w', '800w']);

  // Reordered and one dropped on update: the dropped photo's files are gone.
  const dropped = details.body.images[2]?.url as string;
  expect((await fetchBytes(dropped)).status).toBe(200);
  const kept = details.body.images.slice(0, 2).reverse().map((image) => ({ id: image.id, alt: `${image.alt} (kept)` }));
  expectStatus(await api(`/artifacts/${id}`, { method: 'PATCH', token: member.token, body: { images: kept } }), 200);
  const updated = await api<Artifact>(`/artifacts/${id}`);
  expect(updated.body.images.map((image) => image.alt)).toEqual(['First (kept)', 'Third sent first (kept)']);
  expect(updated.body.image).toContain(updated.body.images[0]?.url.replace(/-\d+\.jpg$/, ''));
  expect((await fetchBytes(dropped)).status).toBe(404);
  // A photo of this artifact cannot be named by another one.
  expect(expectApiError(await createWithPhotos(member, [{ id: kept[0]?.id as string, alt: 'Again' }]), 400).message).toMatch(/not one of this artifact/);
});

test('photos are not served while no public artifact names them: unattached, hidden by a decision, or deleted', async () => {
  const upload = await uploadPhoto(member, await phoneJpeg({ width: 800, height: 600 }));
  expect(upload.status.state).toBe('ready');
  const created = await createWithPhotos(member, [{ upload: upload.id, alt: 'A seal' }]);
  expectStatus(created, 201);
  const id = created.body.insertedId;
  const url = (await api<Artifact>(`/artifacts/${id}`)).body.images[0]?.url as string;
  expect(PHOTO_FILE_NAME.test(url.split('/').pop() as string)).toBe(true);
  expect((await fetchBytes(url)).status).toBe(200);

  const moderator = await grantModerator(await createUser());
  const decision = await api<DecisionView>('/moderation/decisions', {
    method: 'POST',
    token: moderator.token,
    body: { artifactId: id, action: 'restrict', ground: 'rule-6', facts: 'Advertises a shop', reportIds: [] },
  });
  expectStatus(decision, 201);
  // Verdicts are kept up to 5 s.
  await expectEventually(async () => (await fetchBytes(url)).status, 404);

  // Its contributor and the moderators still see it: their reads carry a grant for each photo,
  // which opens its files privately; the public address, a changed grant and a visitor's or another
  // member's read stay closed (a grant for another photo: photo-access.spec.ts).
  for (const reader of [member, moderator]) {
    const seen = await api<Artifact>(`/artifacts/${id}`, { token: reader.token });
    expectStatus(seen, 200);
    const granted = seen.body.images[0] as Artifact['images'][number];
    expect(granted.url).toMatch(/\.jpg\?access=a1\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(seen.body.image).toMatch(/\?access=a1\./);
    const files = [granted.url, seen.body.image, ...granted.srcset.split(', ').map((candidate) => candidate.split(' ')[0] as string), ...granted.sources.map((source) => source.srcset.split(', ').at(-1)?.split(' ')[0] as string)];
    for (const file of files) {
      const answer = await fetchBytes(file);
      expect([file, answer.status]).toEqual([file, 200]);
      expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    const grant = granted.url.slice(granted.url.indexOf('?'));
    expect((await fetchBytes(granted.url.replace(/-(\d+)\.jpg\?/, '-$1.webp?'))).status).toBe(200);
    expect((await fetchBytes(granted.url.replace(/\?access=.*$/, ''))).status).toBe(404);
    expect((await fetchBytes(`${granted.url.replace(/\?access=.*$/, '')}${grant.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(404);
  }
  expectApiError(await api(`/artifacts/${id}`), 404);
  expectApiError(await api(`/artifacts/${id}`, { token: other.token }), 404);

  expectStatus(await api(`/artifacts/${id}`, { method: 'DELETE', token: member.token }), 200);
  expect((await fetchBytes(url)).status).toBe(404);
  expectApiError(await api(`/media/uploads/${upload.id}`, { token: member.token }), 404);
});

test('a notice can name one photo of the artifact, and moderators see which; another artifact’s photo is refused', async () => {
  const upload = await uploadPhoto(member, await phoneJpeg({ width: 640, height: 480 }));
  const created = await createWithPhotos(member, [{ upload: upload.id, alt: 'A figurine' }]);
  expectStatus(created, 201);
  const artifactId = created.body.insertedId;
  const notice = { artifactId, reason: 'copyright', details: 'This photo is mine, taken in 2019.', goodFaith: true };
  expectStatus(await api('/reports', { method: 'POST', body: { ...notice, photoId: upload.id } }), 201);
  const wrong = expectApiError(await api('/reports', { method: 'POST', body: { ...notice, photoId: 'f'.repeat(32) } }), 400);
  expect(wrong.message).toMatch(/not one of this artifact/);
  const moderator = await grantModerator(await createUser());
  const queue = await api<{ artifactId: string; reports: { photoId?: string }[] }[]>('/moderation/reports?status=open&limit=100', { token: moderator.token });
  expectStatus(queue, 200);
  expect(queue.body.find((group) => group.artifactId === artifactId)?.reports.map((report) => report.photoId)).toEqual([upload.id]);

  // Restricted on other grounds, the notice still open: the queue shows its cover to the moderator with a grant.
  expectStatus(await api('/moderation/decisions', { method: 'POST', token: moderator.token, body: { artifactId, action: 'restrict', ground: 'rule-6', facts: 'Advertises a shop', reportIds: [] } }), 201);
  const later = await api<{ artifactId: string; artifact: { image: string; moderation: string | null } | null }[]>('/moderation/reports?status=open&limit=100', { token: moderator.token });
  const entry = later.body.find((group) => group.artifactId === artifactId)?.artifact;
  expect(entry?.moderation).toBe('restricted');
  expect(entry?.image).toMatch(/\/media\/photos\/[a-f0-9]{32}-\d+\.jpg\?access=a1\./);
  await expectEventually(async () => (await fetchBytes((entry?.image as string).replace(/\?access=.*$/, ''))).status, 404);
  expect((await fetchBytes(entry?.image as string)).status).toBe(200);
});

test('a member over their quota or their write budget is refused before a byte is sent (413, 429), with a message', async () => {
  // The low-limit api: 1 MiB of photos per member, 5 writes a window (scripts/test.mjs).
  const user = await createUser();
  const first = await createUpload(user.token, 700 * 1024, 'image/jpeg', RATE_LIMITED_API_URL);
  expectStatus(first, 201);
  const over = expectApiError(await createUpload(user.token, 400 * 1024, 'image/jpeg', RATE_LIMITED_API_URL), 413);
  expect(over.message).toMatch(/Your photos would take more than your 1 MB: 324 KB left/);
  const quota = await api<{ usedBytes: number; limitBytes: number }>(`${RATE_LIMITED_API_URL}/media/quota`, { token: user.token });
  expect(quota.body).toEqual(expect.objectContaining({ usedBytes: 700 * 1024, limitBytes: 1024 * 1024 }));
  let refused;
  for (let attempt = 0; attempt < RATE_LIMIT + 2 && !refused; attempt += 1) {
    const answer = await createUpload(user.token, 1024, 'image/jpeg', RATE_LIMITED_API_URL);
    if (answer.status === 429) refused = answer;
  }
  expect(refused && expectApiError(refused, 429).message).toMatch(/slow down/);
});

test('the quota is said before an upload starts', async () => {
  const quota = await api<{ usedBytes: number; limitBytes: number; maxPhotoBytes: number }>('/media/quota', { token: member.token });
  expectStatus(quota, 200);
  expect(quota.body.limitBytes).toBeGreaterThan(quota.body.usedBytes);
  expect(quota.body.maxPhotoBytes).toBe(25 * 1024 * 1024);
});

async function expectEventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 8_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: T = await read();
  while (last !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await read();
  }
  expect(last).toBe(expected);
}

test("a member's export lists their photos with the addresses to download them; deleting the account removes every file, anonymising keeps the kept artifacts' photos", async () => {
  const leaving = await createUser();
  const staying = await createUser();
  const photos = [];
  for (const user of [leaving, staying]) {
    const upload = await uploadPhoto(user, await phoneJpeg({ width: 700, height: 500 }));
    const created = await createWithPhotos(user, [{ upload: upload.id, alt: 'A coin' }]);
    expectStatus(created, 201);
    photos.push({ user, id: upload.id, url: (await api<Artifact>(`/artifacts/${created.body.insertedId}`)).body.images[0]?.url as string });
  }
  const exported = await api<{ photos: { id: string; files: string[] }[] }>('/me/export', { token: leaving.token });
  expectStatus(exported, 200);
  expect(exported.body.photos.map((photo) => photo.id)).toEqual([photos[0]?.id]);
  expect(exported.body.photos[0]?.files.every((file) => /\/media\/photos\/[a-f0-9]{32}-\d+\.jpg$/.test(file))).toBe(true);

  const deleted = await api('/me', { method: 'DELETE', token: leaving.token, body: { contributions: 'delete', confirmEmail: leaving.email } });
  expectStatus(deleted, 200);
  expect((await fetchBytes(photos[0]?.url as string)).status).toBe(404);
  expect(await (await db()).collection('photos').countDocuments({ _id: photos[0]?.id as never })).toBe(0);
  const hash = (photos[0]?.url.split('/').pop() as string).slice(0, 32);
  await expectStored(hash, 0);

  const anonymised = await api('/me', { method: 'DELETE', token: staying.token, body: { contributions: 'anonymize', confirmEmail: staying.email } });
  expectStatus(anonymised, 200);
  expect((await fetchBytes(photos[1]?.url as string)).status).toBe(200);
});

/**
 * The photo's files are in the store the api was given: the S3 bucket (read here with the SDK, from
 * the S3 server itself) or the folder. Every width in every format: `count` files.
 */
async function expectStored(hash: string, count: number): Promise<void> {
  if (MEDIA_ENV['PHOTO_STORE'] === 's3') {
    const client = new S3Client({
      endpoint: MEDIA_ENV['S3_ENDPOINT'],
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: MEDIA_ENV['S3_ACCESS_KEY_ID'] ?? '', secretAccessKey: MEDIA_ENV['S3_SECRET_ACCESS_KEY'] ?? '' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: MEDIA_ENV['S3_BUCKET'], Prefix: hash }));
    client.destroy();
    expect(listed.KeyCount).toBe(count);
  } else {
    expect(readdirSync(PHOTOS_DIR as string).filter((file) => file.startsWith(hash))).toHaveLength(count);
  }
}
