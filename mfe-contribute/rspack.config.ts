import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '../tooling/rspack/front-end-config';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The contribute remote: its public door is this exposes list (see README.md).
export default defineConfig((_env, argv) =>
  frontEndConfig({
    appDir,
    name: 'contribute',
    mode: argv.mode === 'development' ? 'development' : 'production',
    exposes: {
      './AddArtifact': './src/features/add-artifact/add-artifact-page.tsx',
      './UpdateArtifact': './src/features/update-artifact/update-artifact-page.tsx',
    },
  }),
);
