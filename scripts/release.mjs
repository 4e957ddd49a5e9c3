#!/usr/bin/env node
// Releases of the remotes, for teams and CI (docs/decisions/0008-release-registry.md, 0027):
//
//   npm run release -- publish <remote> [--dist <dir>] [--notes <text>] [--by <name>]
//   npm run release -- promote <remote> <version> [--percent N] [--shell <site or manifest>] [--by <name>]
//   npm run release -- rollback <remote> [--to-default] [--reason <text>] [--by <name>]
//   npm run release -- status [--json]
//   npm run release -- prune <remote> [--keep N] [--by <name>]
//   npm run release -- grant-operator <email>
//   npm run release -- revoke-operator <email>
//
// publish   builds the remote into a folder of its own (never the remote's dist/, which its server
//           serves at `/`: the image's build), unless --dist names a build; names the release
//           <package version>-<12 hex digits of its files' SHA-256> (all but mf-stats.json, whose
//           statistics vary between builds: the same source gives the same name); copies it to
//           RELEASES_DIR/<remote>/<version>/ only (never over a different release of that name) and
//           registers it with the api. Publishing an existing release again changes nothing and says
//           so. It does not go live: `promote` does.
// promote   makes a release live, or a canary for N% of browsers (1-99). Refused, with the reasons,
//           when the release cannot run in the live shell: a shared singleton it uses outside the
//           shell's range (scripts/check-shared-versions.mjs) or a module the shell's routes load
//           that the release does not expose (the shell's remote-modules.json). A refusal is
//           recorded in the registry's audit log with its reasons.
// rollback  drops the canary if there is one, otherwise puts the previous live release back, one
//           step per rollback through every earlier live release. --to-default: the registry names
//           no release for the remote any more; browsers load the image's own build.
// status    every remote: live release and its age, canary and percentage, last hour's views,
//           failure rate and load times per release; the latest audit entries.
// prune     deletes the releases the registry lists as prunable (GET /releases/<remote>/prunable):
//           never the live one, the canary, the N newest a rollback can reach (--keep, default 3) or
//           one live within the api's RELEASE_KEEP_LIVE_MS. Files of a release the registry does not
//           list are left in place. Audited as --by (default: the person running it).
// grant-operator / revoke-operator  sets or removes the `operator` custom claim of a member:
//           previews (?preview=catalog@<version>) and the release status. Uses
//           GOOGLE_APPLICATION_CREDENTIALS (a real project, FIREBASE_PROJECT_ID), else the Auth
//           Emulator at FIREBASE_AUTH_EMULATOR_HOST, by default `npm start`'s (project
//           demo-antiquarium).
//
// Environment: RELEASE_API_URL (the api, default http://127.0.0.1:3000), RELEASE_DEPLOY_TOKEN (the
// api's deploy credential; every change needs it; against the local `npm start` api it defaults to
// the one that command keeps in data/release-deploy-token), RELEASES_DIR (default .releases), and per remote
// the address its static server is reached at (workspace.json's urlVariable, e.g. REMOTE_CATALOG_URL,
// default the `npm start` port): a release's manifest is <that>/releases/<version>/mf-manifest.json.
// RELEASE_SHELL_URL: the live site, whose mf-manifest.json and remote-modules.json promote checks
// against (default shell/dist of this workspace).
//
// The command's parts: scripts/release/release-files.mjs (a release's name, files and promote
// checks), registry-client.mjs (settings and the api's registry), commands.mjs (the registry
// commands). Their functions that the tests use are exported here too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RoleError, roleFailure, roleTarget, setRole } from './lib/roles.mjs';
import { prune, promote, publish, rollback, status } from './release/commands.mjs';
import { ReleaseError } from './release/release-files.mjs';
import { settings } from './release/registry-client.mjs';

export { ReleaseError, describeBuild, promotionProblems, releaseVersion, storeRelease } from './release/release-files.mjs';
export { who } from './release/registry-client.mjs';

// grant-operator and revoke-operator are shortcuts for `npm run roles -- grant|revoke operator`:
// the same code (scripts/lib/roles.mjs), kept here under their earlier names.
export const operatorTarget = roleTarget;
export const operatorFailure = roleFailure;

async function setOperator(email, grant, env) {
  if (!email) throw new ReleaseError(`${grant ? 'grant' : 'revoke'}-operator needs the member's email`);
  try {
    await setRole('operator', email, grant, env, 'release');
  } catch (error) {
    throw error instanceof RoleError ? new ReleaseError(error.message) : error;
  }
}

function grantOperator(config, [email], options) {
  // --revoke: the earlier spelling of revoke-operator.
  return setOperator(email, !options.revoke, config.env);
}

function revokeOperator(config, [email]) {
  return setOperator(email, false, config.env);
}

const COMMANDS = { publish, promote, rollback, status, prune, 'grant-operator': grantOperator, 'revoke-operator': revokeOperator };

export async function main(argv = process.argv.slice(2), env = process.env) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        dist: { type: 'string' },
        notes: { type: 'string' },
        by: { type: 'string' },
        percent: { type: 'string' },
        shell: { type: 'string' },
        reason: { type: 'string' },
        keep: { type: 'string' },
        json: { type: 'boolean' },
        revoke: { type: 'boolean' },
        'to-default': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new ReleaseError(`${error.message} (scripts/release.mjs lists the commands and their options)`);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const handler = COMMANDS[command];
  if (!handler) throw new ReleaseError(`usage: npm run release -- <${Object.keys(COMMANDS).join('|')}> ... (scripts/release.mjs)`);
  return handler(settings(env), rest, values);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`release: ${error instanceof ReleaseError ? error.message : error.stack ?? error}`);
    process.exit(error instanceof ReleaseError ? 1 : 2);
  });
}
