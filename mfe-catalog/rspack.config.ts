import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '../tooling/rspack/front-end-config';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The catalog remote: its public door is this exposes list (see README.md).
export default defineConfig((_env, argv) =>
  frontEndConfig({
    appDir,
    name: 'catalog',
    mode: argv.mode === 'development' ? 'development' : 'production',
    exposes: {
      './Home': './src/features/home/home-page.tsx',
      './AllArtifacts': './src/features/all-artifacts/all-artifacts-page.tsx',
      './ArtifactDetails': './src/features/artifact-details/artifact-details-page.tsx',
    },
  }),
);
