// Unit and component tests of every project (`npx jest`). The api's HTTP suite has its own config
// (api/jest.e2e.config.cjs) because it needs the local services, which scripts/test.mjs starts.
const { existsSync } = require('node:fs');
const path = require('node:path');

const projects = [
  'libs/contracts',
  'libs/ui',
  'libs/api-client',
  'libs/auth-store',
  'api',
  'shell',
  'mfe-catalog',
  'mfe-account',
  'mfe-contribute',
  'tooling',
]
  .map((dir) => path.join(__dirname, dir, 'jest.config.cjs'))
  .filter((config) => existsSync(config));

module.exports = { projects };
