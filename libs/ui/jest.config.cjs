// Tests of @antiquarium/ui: `npx jest -c libs/ui/jest.config.cjs`.
const frontEndJestConfig = require('../../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'ui', rootDir: __dirname });
