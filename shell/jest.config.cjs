// Component tests of the shell app: `npx jest -c shell/jest.config.cjs`.
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'shell', rootDir: __dirname });
