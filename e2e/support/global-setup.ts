import { API_URL } from './env';

/** The seeded artifact whose cover the journeys use as "a picture of the api's own that loads". */
const DEMO_PICTURE_ARTIFACT = 'Rosetta Stone';

/**
 * Finds, once before any worker starts, the address of a seeded artifact's cover: the demo seed
 * keeps its plates as photos (api/src/seed/seed-photos.ts), named by their pixels' hash, so the
 * address is read from the api, not written here. Workers read it from DEMO_PICTURE_URL
 * (demo-picture.ts); a run that sets it itself is left alone.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env['DEMO_PICTURE_URL']) return;
  const url = `${API_URL}/artifacts?search=${encodeURIComponent(DEMO_PICTURE_ARTIFACT)}&limit=10`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const found = ((await response.json()) as { name: string; image: string }[]).find((artifact) => artifact.name === DEMO_PICTURE_ARTIFACT);
  if (!found) throw new Error(`the seeded ${DEMO_PICTURE_ARTIFACT} is not in ${url}: is the site seeded?`);
  process.env['DEMO_PICTURE_URL'] = found.image;
}
