// Tests of @antiquarium/api-client, over real HTTP to a local server: `npx jest -c libs/api-client/jest.config.cjs`.
const frontEndJestConfig = require('../../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'api-client', rootDir: __dirname, testEnvironment: 'node' });
