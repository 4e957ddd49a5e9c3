import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { frontEndConfig, modeOf, serverConfig } from '../tooling/rspack/front-end-config';
import { buildInlineScript } from '../tooling/rspack/inline-script.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The host: layout, routing, auth start-up; remotes are registered at run time from runtime-config.json.
// Its server build composes a first page from a remote's frame (docs/decisions/0010), with the
// intent starter's code inline (src/server/intent-starter.ts; its tests build it alike: jest.config.cjs).
export default defineConfig(async (_env, argv) => {
  const mode = modeOf(argv);
  const intentStarter = await buildInlineScript(path.join(appDir, 'src/server/intent-starter.inline.ts'));
  return [
    frontEndConfig({ appDir, name: 'shell', mode }),
    serverConfig({ appDir, entry: './src/server/server-entry.ts', name: 'first-page', mode, inlineScripts: { INTENT_STARTER_CODE: intentStarter } }),
  ];
});
