#!/usr/bin/env node
// Photos' maintenance commands (docs/decisions/0018-photos.md):
//   npm run media -- import-external   copy the pictures of artifacts that still point at another site
// Against `npm start`'s database and photo folder with no variables (the api's own configuration
// otherwise: MONGODB_URI, PHOTO_STORE, PHOTOS_DIR or the S3_* variables, PUBLIC_API_URL).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseRedis } from './lib/redis.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMANDS = { 'import-external': 'api/dist/import-external.js' };
const [command, ...rest] = process.argv.slice(2);
if (!COMMANDS[command] || rest.length > 0) {
  console.error(`usage: npm run media -- ${Object.keys(COMMANDS).join('|')}`);
  process.exit(2);
}
const local = {
  UPLOADS_DIR: path.join(ROOT, 'data/uploads'),
  PHOTOS_DIR: path.join(ROOT, 'data/photos'),
  PUBLIC_API_URL: 'http://localhost:3000',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  RECONCILE_ON_START: 'off',
};
// The running site's instances hear of the copies as of any write: on its Redis channel, as npm start chose it.
const redis = await chooseRedis({ root: ROOT });
const result = spawnSync(process.execPath, [path.join(ROOT, COMMANDS[command])], { cwd: ROOT, stdio: 'inherit', env: { ...local, ...redis.env, ...process.env } });
process.exit(result.status ?? 1);
