// Component tests of the catalog app: `npx jest -c mfe-catalog/jest.config.cjs`.
const path = require('node:path');
const frontEndJestConfig = require('../tooling/jest/jest-preset.cjs');

const config = frontEndJestConfig({ displayName: 'catalog', rootDir: __dirname });

// citation-js reads node-fetch (ES modules only) for remote inputs, which a citation never uses; the
// browser build leaves it out too (rspack.config.ts), and in jsdom it takes the page's fetch.
config.moduleNameMapper = { '^node-fetch$': path.join(__dirname, '../tooling/jest/style-stub.cjs'), ...config.moduleNameMapper };

module.exports = config;
