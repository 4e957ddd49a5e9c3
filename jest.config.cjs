// Unit and component tests of every project (`npx jest`). The api's HTTP suite has its own config
// (api/jest.e2e.config.cjs) because it needs the local services, which scripts/test.mjs starts.
const { existsSync } = require('node:fs');
const path = require('node:path');

// The api and the front ends come from the workspace description (workspace.json): a new remote's
// tests join with its entry there.
const workspace = require('./workspace.json');

const projects = [
  'libs/contracts',
  'libs/ui',
  'libs/api-client',
  'libs/auth-store',
  workspace.api.folder,
  ...workspace.frontEnds.map((piece) => piece.folder),
  'tooling',
]
  .map((dir) => path.join(__dirname, dir, 'jest.config.cjs'))
  .filter((config) => existsSync(config));

// Jest reads testTimeout from the run's own configuration only: a project's (the front ends' 20 s
// in tooling/jest/jest-preset.cjs) is ignored when several projects run, as in `npm test`, which
// left every test there at Jest's 5 s on a busy 2-core machine. Slower cases set their own.
// A worker per core: Jest's default (one fewer) leaves a 2-core machine one, and Jest then runs the
// files one at a time in its own process, half the machine idle (the unit phase 5.2 minutes at 50%
// busy; 3.0 with two workers, 2026-12-02).
module.exports = { projects, testTimeout: 20000, maxWorkers: '100%' };
