#!/usr/bin/env node
// Fails (exit 1) when a remote's shared singletons do not fit the shell's, before a deployment
// breaks the site at run time instead.
//
//   node scripts/check-shared-versions.mjs [--shell <manifest>] [--remote <manifest>]...
//
// A <manifest> is an mf-manifest.json file, a dist folder holding one, or an http(s) URL (a
// deployed shell or remote). Defaults: shell/dist and every mfe-*/dist of the workspace.
//
// It reads what the builds really contain: each manifest's `shared` entries record the version that
// was bundled and the requiredVersion range the app was built with. The shell loads first and its
// singletons win (shareStrategy 'loaded-first'), so for every remote and every shared module:
//   - the remote must share it too, as a singleton (otherwise it bundles a second copy), if it uses
//     it: module federation leaves a shared module the build never imports out of its manifest, and
//     the build's mf-stats.json (read beside the manifest when there is one) lists what it uses;
//   - a singleton only remotes share must have versions that every remote sharing it accepts;
//   - the remote's version must be inside the shell's requiredVersion range;
//   - the shell's version, the one the remote gets at run time, must be inside the remote's range;
//   - shell and remotes must be built by the same module-federation version, since remotes run on
//     the runtime the shell provides (docs/decisions/0004-antd-and-bundle-budget.md).
// Ranges are compared with the module-federation runtime's own `satisfy`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UsageError, incompatibilities, readManifest, remoteOnlyConflicts } from './lib/shared-versions.mjs';
import { REMOTES } from './lib/workspace.mjs';

export { incompatibilities, readManifest, remoteOnlyConflicts, usedShared } from './lib/shared-versions.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_REMOTES = REMOTES.map((remote) => remote.folder);

function readArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { shell: { type: 'string' }, remote: { type: 'string', multiple: true } } }).values;
  } catch (error) {
    throw new UsageError(error.message);
  }
  const remotes = parsed.remote ?? [];
  return {
    shell: parsed.shell ?? path.join(ROOT, 'shell/dist'),
    remotes: remotes.length > 0 ? remotes : DEFAULT_REMOTES.map((app) => path.join(ROOT, app, 'dist')),
  };
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const shell = await readManifest(args.shell);
  let failed = false;
  const remotes = [];
  for (const source of args.remotes) {
    const remote = await readManifest(source);
    remotes.push(remote);
    const problems = incompatibilities(shell, remote);
    if (problems.length === 0) {
      console.log(`check-shared-versions: ${remote.name} fits the shell (${remote.shared.size} shared modules)`);
      continue;
    }
    failed = true;
    console.error(`check-shared-versions: ${remote.name} (${source}) does not fit the shell (${args.shell}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
  }
  const between = remoteOnlyConflicts(shell, remotes);
  if (between.length > 0) {
    failed = true;
    console.error('check-shared-versions: remotes do not fit each other:');
    for (const problem of between) console.error(`  - ${problem}`);
  }
  if (failed) {
    console.error('check-shared-versions: deploying this would break the site at run time. Align the versions (one root lockfile, tooling/rspack/front-end-config.ts) and rebuild.');
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`check-shared-versions: ${error.message}`);
    process.exit(2);
  });
}
