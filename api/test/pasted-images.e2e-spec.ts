// Pasted addresses (issue 42): the api copies the picture once, behind its request forgery guard,
// and the record then shows the site's own copy; an address on a private network is refused at once.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Artifact } from '@antiquarium/contracts';
import { leakedMetadata, phoneJpeg } from '@antiquarium/testing/photos';
import { createArtifact } from './support/artifacts';
import { createUser, type TestUser } from './support/auth';
import { artifactsCollection, objectId } from './support/db';
import { AUTH_EMULATOR_HOST, IMAGE_SOURCE_PORT, MEDIA_ENV, MONGODB_URI } from './support/env';
import { api, expectApiError, expectStatus } from './support/http';
import { artifactInput } from './support/artifacts';

let member: TestUser;
let source: Server;
const served: Record<string, { type: string; body: Buffer }> = {};
const SOURCE = `http://127.0.0.1:${IMAGE_SOURCE_PORT}`;

beforeAll(async () => {
  member = await createUser();
  served['/find.jpg'] = { type: 'image/jpeg', body: await phoneJpeg({ width: 1200, height: 900 }) };
  served['/page.html'] = { type: 'image/jpeg', body: Buffer.from('<html><body>not a picture</body></html>') };
  source = createServer((request, response) => {
    if (request.url === '/moved.jpg') {
      response.writeHead(302, { location: '/find.jpg' }).end();
      return;
    }
    if (request.url === '/to-metadata.jpg') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    }
    const file = served[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => source.listen(IMAGE_SOURCE_PORT, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => source.close(resolve));
});

async function settledPicture(id: string, timeoutMs = 20_000): Promise<Artifact> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const details = await api<Artifact>(`/artifacts/${id}`);
    expectStatus(details, 200);
    if (details.body.images.length > 0 || Date.now() > until) return details.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('a pasted address is copied once, cleaned, and the record then points at the site’s own copy', async () => {
  const { id, input } = await createArtifact(member, { image: `${SOURCE}/moved.jpg` });
  const artifact = await settledPicture(id);
  expect(artifact.images).toHaveLength(1);
  expect(artifact.images[0]?.alt).toBe(input.name);
  expect(artifact.image).toMatch(new RegExp(`^${process.env['API_URL']}/media/photos/[a-f0-9]{32}-960\\.jpg$`));
  const copy = await fetch(artifact.image);
  expect(copy.status).toBe(200);
  const bytes = Buffer.from(await copy.arrayBuffer());
  expect(leakedMetadata(bytes)).toEqual([]);
  expect((await sharp(bytes).metadata()).width).toBe(960);
});

test('an address on a private network is refused at once, and nothing is stored', async () => {
  for (const image of ['http://127.0.0.1:9/x.jpg', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/x.jpg', 'http://[::1]/x.jpg', 'http://localhost/x.jpg']) {
    const name = `Private ${Date.now()}`;
    const answer = await api('/artifacts', { method: 'POST', token: member.token, body: artifactInput({ name, image }) });
    const error = expectApiError(answer, 400);
    expect({ image, message: error.message }).toEqual({ image, message: 'The image address points to a private network' });
    const listed = await api<Artifact[]>(`/artifacts?search=${encodeURIComponent(name)}`);
    expect(listed.body.filter((artifact) => artifact.name === name)).toEqual([]);
  }
});

test('what is not a picture, or redirects to a private address, is never copied: the record keeps its address', async () => {
  const page = await createArtifact(member, { image: `${SOURCE}/page.html` });
  const redirected = await createArtifact(member, { image: `${SOURCE}/to-metadata.jpg` });
  // Give the copies time to run (each ends within a second here).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const { id, input } of [page, redirected]) {
    const details = await api<Artifact>(`/artifacts/${id}`);
    expect({ image: details.body.image, images: details.body.images }).toEqual({ image: input.image, images: [] });
  }
});

test('npm run media -- import-external copies the pictures records still point elsewhere for, reports the ones it cannot, and can run again', async () => {
  const old = await createArtifact(member);
  const gone = await createArtifact(member);
  // Records from before photos were kept: their pictures are elsewhere (written as they were then).
  const artifacts = await artifactsCollection();
  await artifacts.updateOne({ _id: objectId(old.id) }, { $set: { image: `${SOURCE}/find.jpg`, images: [] } });
  await artifacts.updateOne({ _id: objectId(gone.id) }, { $set: { image: `${SOURCE}/vanished.jpg`, images: [] } });
  const run = () =>
    promisify(execFile)(process.execPath, [path.join(__dirname, '../../scripts/media.mjs'), 'import-external'], {
      env: { ...process.env, ...MEDIA_ENV, MONGODB_URI, FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST, NODE_ENV: 'test' },
      timeout: 120_000,
    });
  const first = await run();
  expect(first.stdout).toMatch(/import-external: [1-9]\d* copied, [1-9]\d* not copied/);
  expect(first.stdout).toContain(`${gone.id}  ${SOURCE}/vanished.jpg  The address answered 404`);
  const copied = (await api<Artifact>(`/artifacts/${old.id}`)).body;
  expect(copied.images).toHaveLength(1);
  expect(copied.image).toMatch(/\/media\/photos\/[a-f0-9]{32}-960\.jpg$/);
  // Again: the copied one is not fetched twice.
  const second = await run();
  expect(second.stdout).not.toContain(old.id);
  expect(second.stdout).toContain(gone.id);
});
