import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '../tooling/rspack/front-end-config';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The host: layout, routing, auth start-up; remotes are registered at run time from runtime-config.json.
export default defineConfig((_env, argv) =>
  frontEndConfig({
    appDir,
    name: 'shell',
    mode: argv.mode === 'development' ? 'development' : 'production',
  }),
);
