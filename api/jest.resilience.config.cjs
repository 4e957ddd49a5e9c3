// Resilience tests of the api: each file starts its own FerretDB and api processes on its own ports
// (workspace.json's `resilience` profile), stops, kills and restarts them, and checks what the
// database ends up holding. scripts/test.mjs runs it as the 'resilience' phase and sets
// FIREBASE_AUTH_EMULATOR_HOST to its Auth Emulator. One file at a time: they load the machine.
const apiSuite = require('./jest.shared.cjs');

module.exports = apiSuite({
  displayName: 'api-resilience',
  testMatch: '<rootDir>/test/resilience/**/*.resilience-spec.ts',
  testTimeout: 180000,
});
