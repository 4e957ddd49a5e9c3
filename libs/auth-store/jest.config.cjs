// Tests of @antiquarium/auth-store: `npx jest -c libs/auth-store/jest.config.cjs`.
const frontEndJestConfig = require('../../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'auth-store', rootDir: __dirname });
