// Component tests of the account app: `npx jest -c mfe-account/jest.config.cjs`.
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'account', rootDir: __dirname });
