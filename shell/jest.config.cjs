// Component tests of the shell app: `npx jest -c shell/jest.config.cjs`.
const path = require('node:path');
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

// The intent starter's code, built as the server build builds it (rspack.config.ts).
module.exports = async () => {
  const { buildInlineScript } = await import('../tooling/rspack/inline-script.mjs');
  const intentStarter = await buildInlineScript(path.join(__dirname, 'src/server/intent-starter.inline.ts'));
  return { ...frontEndJestConfig({ displayName: 'shell', rootDir: __dirname }), globals: { INTENT_STARTER_CODE: intentStarter } };
};
