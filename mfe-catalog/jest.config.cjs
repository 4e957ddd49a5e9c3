// Component tests of the catalog app: `npx jest -c mfe-catalog/jest.config.cjs`.
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'catalog', rootDir: __dirname });
