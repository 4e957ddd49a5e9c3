import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '../tooling/rspack/front-end-config';

// The account remote: its public door is this exposes list (see README.md).
export default defineConfig(
  remoteConfig(import.meta.url, {
    name: 'account',
    exposes: {
      './Login': './src/features/login/login-page.tsx',
      './Register': './src/features/register/register-page.tsx',
      './ForgotPassword': './src/features/forgot-password/forgot-password-page.tsx',
      './MyArtifacts': './src/features/my-artifacts/my-artifacts-page.tsx',
      './LikedArtifacts': './src/features/liked-artifacts/liked-artifacts-page.tsx',
      './AccountData': './src/features/account-data/account-data-page.tsx',
      './MyNotices': './src/features/notices/notices-page.tsx',
      './MyCollections': './src/features/my-collections/my-collections-page.tsx',
    },
  }),
);
