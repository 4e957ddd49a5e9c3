import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '../tooling/rspack/front-end-config';

// The contribute remote: its public door is this exposes list (see README.md).
export default defineConfig(
  remoteConfig(import.meta.url, {
    name: 'contribute',
    exposes: {
      './AddArtifact': './src/features/add-artifact/add-artifact-page.tsx',
      './UpdateArtifact': './src/features/update-artifact/update-artifact-page.tsx',
    },
  }),
);
