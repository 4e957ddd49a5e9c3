import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import type { Configuration } from '@rspack/core';
import { frontEndConfig, modeOf, serverConfig } from '../tooling/rspack/front-end-config';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// citation-js ("Cite this", loaded on click) reads node-fetch only for remote inputs outside a
// browser: in one it takes the page's fetch, so node-fetch and its Node built-ins stay out of the bundle.
function withoutNodeFetch(config: Configuration): Configuration {
  return { ...config, resolve: { ...config.resolve, alias: { ...(config.resolve?.alias as Record<string, string>), 'node-fetch': false } } };
}

// The catalog remote: its public door is this exposes list (see README.md). Its server build renders
// the pages a visit starts on as frames for the shell's server (docs/decisions/0010).
export default defineConfig((_env, argv) => {
  const mode = modeOf(argv);
  return [
    withoutNodeFetch(frontEndConfig({
      appDir,
      name: 'catalog',
      mode,
      exposes: {
        './Home': './src/features/home/home-page.tsx',
        './AllArtifacts': './src/features/all-artifacts/all-artifacts-page.tsx',
        './ArtifactDetails': './src/features/artifact-details/artifact-details-page.tsx',
        './Report': './src/features/report/report-page.tsx',
        './ReportStatus': './src/features/report/report-status-page.tsx',
        './Collection': './src/features/collection/collection-page.tsx',
        './MemberCollections': './src/features/collection/member-collections-page.tsx',
      },
    })),
    serverConfig({ appDir, entry: './src/server/frames.tsx', name: 'frames', mode }),
  ];
});
