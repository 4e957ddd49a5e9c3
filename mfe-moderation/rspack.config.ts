import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '../tooling/rspack/front-end-config';

// The moderation remote (the trust-and-safety team's): its public door is this exposes list (see README.md).
export default defineConfig(
  remoteConfig(import.meta.url, {
    name: 'moderation',
    exposes: {
      './Queue': './src/features/queue/queue-page.tsx',
      './Inbox': './src/features/inbox/inbox-page.tsx',
      './Appeals': './src/features/appeals/appeals-page.tsx',
      './Audit': './src/features/audit/audit-page.tsx',
      './Cases': './src/features/cases/cases-page.tsx',
      './Transparency': './src/features/transparency/transparency-page.tsx',
    },
  }),
);
