// The jest settings every front-end package (apps and libs/ui) shares; each package's jest.config.cjs
// adds its name.
const path = require('node:path');

const libs = path.resolve(__dirname, '../../libs');

/** @param {{ displayName: string, rootDir: string, testEnvironment?: string }} options */
module.exports = function frontEndJestConfig({ displayName, rootDir, testEnvironment = 'jsdom' }) {
  return {
    displayName,
    rootDir,
    testEnvironment: testEnvironment === 'jsdom' ? path.join(__dirname, 'jsdom-environment.cjs') : testEnvironment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    clearMocks: true,
    // The first toast or dialog of a run loads antd, which takes seconds on a busy 2-core machine.
    testTimeout: 20000,
    transform: {
      '^.+\\.(tsx?|jsx?|mjs)$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ky, swiper and thumbhash ship only ES modules.
    transformIgnorePatterns: ['/node_modules/(?!(ky|swiper|thumbhash)/)'],
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'style-stub.cjs'),
      '^swiper/css(/.*)?$': path.join(__dirname, 'style-stub.cjs'),
      '\\.(svg|png|webp|jpe?g)$': path.join(__dirname, 'file-stub.cjs'),
      '^@antiquarium/contracts$': path.join(libs, 'contracts/src/index.ts'),
      '^@antiquarium/contracts/(validation|first-page|releases|ttl-cache)$': path.join(libs, 'contracts/src/$1.ts'),
      '^@antiquarium/api-client/hand-over$': path.join(libs, 'api-client/src/hand-over.ts'),
      '^@antiquarium/ui/(destructive-dialog|antd-theme)$': path.join(libs, 'ui/src/$1.tsx'),
      '^@antiquarium/(ui|api-client|auth-store|testing)$': path.join(libs, '$1/src/index.ts'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setup-tests.ts')],
  };
};
