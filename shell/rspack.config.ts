import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { frontEndConfig, modeOf, serverConfig } from '../tooling/rspack/front-end-config';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The host: layout, routing, auth start-up; remotes are registered at run time from runtime-config.json.
// Its server build composes a first page from a remote's frame (docs/decisions/0010).
export default defineConfig((_env, argv) => {
  const mode = modeOf(argv);
  return [
    frontEndConfig({ appDir, name: 'shell', mode }),
    serverConfig({ appDir, entry: './src/server/server-entry.ts', name: 'first-page', mode }),
  ];
});
