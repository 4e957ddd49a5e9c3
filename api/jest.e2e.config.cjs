// The api's HTTP suite: real requests to a running api, FerretDB and the Firebase Auth Emulator
// (scripts/test.mjs starts them and sets API_URL, MONGODB_URI, FIREBASE_AUTH_EMULATOR_HOST,
// FIREBASE_PROJECT_ID). Files run one at a time because they share one database.
module.exports = {
  displayName: 'api-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', decorators: false }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: {
    '^@antiquarium/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '^@antiquarium/contracts/validation$': '<rootDir>/../libs/contracts/src/validation.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/test/support/setup.ts'],
  testTimeout: 30000,
  maxWorkers: 1,
};
