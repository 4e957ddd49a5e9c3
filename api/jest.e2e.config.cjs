// The api's HTTP suite: real requests to a running api, FerretDB and the Firebase Auth Emulator
// (scripts/test.mjs starts them and sets API_URL, MONGODB_URI, FIREBASE_AUTH_EMULATOR_HOST,
// FIREBASE_PROJECT_ID). Files run one at a time because they share one database.
const apiSuite = require('./jest.shared.cjs');

module.exports = apiSuite({
  displayName: 'api-e2e',
  testMatch: '<rootDir>/test/**/*.e2e-spec.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/setup.ts'],
  testTimeout: 30000,
});
