// Resilience tests of the api: each file starts its own FerretDB and api processes on its own ports
// (27200-27299, 3200-3299, 9300-9399), stops, kills and restarts them, and checks what the database
// ends up holding. scripts/test.mjs runs it as the 'resilience' phase and sets
// FIREBASE_AUTH_EMULATOR_HOST to its Auth Emulator. One file at a time: they load the machine.
module.exports = {
  displayName: 'api-resilience',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/resilience/**/*.resilience-spec.ts'],
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
  testTimeout: 180000,
  maxWorkers: 1,
};
