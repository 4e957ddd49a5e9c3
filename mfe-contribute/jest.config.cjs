// Component tests of the contribute app: `npx jest -c mfe-contribute/jest.config.cjs`.
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'contribute', rootDir: __dirname });
