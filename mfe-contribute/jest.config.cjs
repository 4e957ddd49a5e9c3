// Component tests of the contribute app: `npx jest -c mfe-contribute/jest.config.cjs`.
const frontEndJestConfig = require('../libs/ui/test/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'contribute', rootDir: __dirname });
