// Component tests of the moderation app: `npx jest -c mfe-moderation/jest.config.cjs`.
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'moderation', rootDir: __dirname });
