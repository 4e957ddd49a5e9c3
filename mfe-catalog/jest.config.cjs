// Component tests of the catalog app: `npx jest -c mfe-catalog/jest.config.cjs`.
const frontEndJestConfig = require('../libs/ui/test/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'catalog', rootDir: __dirname });
