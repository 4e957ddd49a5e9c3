// Component tests of the contribute app: `npx jest -c mfe-contribute/jest.config.cjs`.
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

const config = frontEndJestConfig({ displayName: 'contribute', rootDir: __dirname });

module.exports = {
  ...config,
  moduleNameMapper: {
    // tus-js-client's browser build (XHR, localStorage), the one the bundle takes through its package's
    // "browser" field; jest would otherwise load its Node build, which cannot read a File.
    '^tus-js-client$': require.resolve('tus-js-client/lib.es5/browser/index.js'),
    ...config.moduleNameMapper,
  },
};
