import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { frontEndConfig } from '../tooling/rspack/front-end-config';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The moderation remote (the trust-and-safety team's): its public door is this exposes list (see README.md).
export default defineConfig((_env, argv) =>
  frontEndConfig({
    appDir,
    name: 'moderation',
    mode: argv.mode === 'development' ? 'development' : 'production',
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
