// Component tests of the shell app: `npx jest -c shell/jest.config.cjs`.
const frontEndJestConfig = require('../libs/ui/test/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'shell', rootDir: __dirname });
