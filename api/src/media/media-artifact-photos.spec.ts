import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ArtifactsRepository } from '../artifacts/artifacts.repository';
import type { AppConfig } from '../config/env';
import { MediaArtifactPhotos } from './media-artifact-photos';
import type { PhotoAccess } from './photo-access';
import type { PhotoQueue } from './photo-queue';
import type { PhotoStore } from './photo-store';
import type { PhotoVisibility } from './photo-visibility';
import type { PhotosRepository, StoredPhoto } from './photos.repository';
import type { UploadedBytes } from './uploaded-bytes';

// A pasted address's copy, in the order its writes are seen: whoever reads the record with its new
// picture (its contributor polls for it) must find the photo's files served, and the files are
// served only for a photo that says which artifact it belongs to (photo-visibility.ts).

const ARTIFACT = '65a000000000000000000001';
const UID = 'member-1';

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from('jpeg bytes')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function copier(options: { replaced: boolean }) {
  const photos = new Map<string, StoredPhoto>();
  const seenByTheRecord: Array<string | null> = [];
  const discarded: string[] = [];
  const repository = {
    insert: async (photo: { _id: string; uid: string; size: number; source?: string }) => {
      photos.set(photo._id, { ...photo, storedBytes: 0, state: 'processing', locationRemoved: false, widths: [], artifactId: null, createdAt: new Date() });
    },
    findById: async (id: string) => photos.get(id) ?? null,
    attach: async (ids: readonly string[], uid: string, artifactId: string) => {
      let modified = 0;
      for (const id of ids) {
        const photo = photos.get(id);
        if (photo && photo.uid === uid && photo.state === 'ready' && (photo.artifactId === null || photo.artifactId === artifactId)) {
          photo.artifactId = artifactId;
          modified += 1;
        }
      }
      return modified;
    },
    ofArtifact: async (artifactId: string) => [...photos.values()].filter((photo) => photo.artifactId === artifactId),
    delete: async (ids: readonly string[]) => ids.forEach((id) => photos.delete(id)),
  };
  const artifacts = {
    replacePicture: async (_id: unknown, _expected: string, picture: { images: Array<{ id: string }> }) => {
      seenByTheRecord.push(...picture.images.map((image) => photos.get(image.id)?.artifactId ?? null));
      return options.replaced;
    },
  };
  const queue = {
    processNow: async (id: string) => {
      Object.assign(photos.get(id) as StoredPhoto, { state: 'ready', width: 1200, height: 900, hash: 'a'.repeat(32), placeholder: 'x', widths: [960] });
    },
    discard: async (id: string) => {
      discarded.push(id);
      photos.delete(id);
    },
  };
  const config = { publicApiUrl: 'http://api.test', mediaFetchAllowHosts: [new URL(origin).host] } as unknown as AppConfig;
  const service = new MediaArtifactPhotos(
    repository as unknown as PhotosRepository,
    artifacts as unknown as ArtifactsRepository,
    queue as unknown as PhotoQueue,
    { delete: async () => undefined } as unknown as PhotoStore,
    { write: async () => undefined } as unknown as UploadedBytes,
    { forget: () => undefined } as unknown as PhotoVisibility,
    {} as PhotoAccess,
    config,
  );
  return { service, photos, seenByTheRecord, discarded };
}

test('the copied photo belongs to the artifact before the record names it', async () => {
  const { service, photos, seenByTheRecord } = copier({ replaced: true });
  expect(await service.copyAddress(ARTIFACT, UID, `${origin}/find.jpg`, 'A lamp')).toBe('copied');
  expect(seenByTheRecord).toEqual([ARTIFACT]);
  expect([...photos.values()].map((photo) => photo.artifactId)).toEqual([ARTIFACT]);
});

test('a record that changed its picture meanwhile keeps nothing of the copy', async () => {
  const { service, photos, discarded } = copier({ replaced: false });
  expect(await service.copyAddress(ARTIFACT, UID, `${origin}/find.jpg`, 'A lamp')).toBe('The artifact changed its picture meanwhile');
  expect(discarded).toHaveLength(1);
  expect(photos.size).toBe(0);
});
