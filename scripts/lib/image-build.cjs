// Builds the workspace's images without Docker, for containers.cjs:
//   - buildStage: a build stage's COPY lines from the context (honouring .dockerignore), its RUN lines
//     as written, except `npm ci`, which links the workspace's installed node_modules instead of
//     downloading them again; with the steps of the stages it is built FROM;
//   - assembleImage: the final stage's files (COPY from the context or from a built stage).
const { spawnSync } = require('node:child_process');
const { appendFileSync, chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync } = require('node:fs');
const path = require('node:path');
const { ROOT, buildOf, describeImage, expand, logicalLines, parseDockerfile } = require('./dockerfile.cjs');

function dockerignore() {
  const file = path.join(ROOT, '.dockerignore');
  const patterns = existsSync(file) ? logicalLines(readFileSync(file, 'utf8')) : [];
  return patterns.map((pattern) => {
    const source = pattern
      .replace(/^\/+/, '')
      .split('/')
      .map((part) => (part === '**' ? '.*' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
      .join('/')
      .replace(/\.\*\//g, '(?:.*/)?');
    return new RegExp(`^${source}$`);
  });
}

/** True when .dockerignore keeps this path (relative to the root) out of the build context. */
function isIgnored(relative, patterns = dockerignore()) {
  const parts = relative.split(path.sep).join('/').split('/');
  for (let end = 1; end <= parts.length; end += 1) {
    const prefix = parts.slice(0, end).join('/');
    if (patterns.some((pattern) => pattern.test(prefix))) return true;
  }
  return false;
}

function copyInto(source, dest, destIsDir, filter) {
  const info = statSync(source);
  if (info.isDirectory() && lstatSync(source).isSymbolicLink()) {
    // A node_modules folder that linkInstall made a link: keep it a link (to the same place).
    mkdirSync(path.dirname(dest), { recursive: true });
    rmSync(dest, { recursive: true, force: true });
    symlinkSync(realpathSync(source), dest);
  } else if (info.isDirectory()) {
    mkdirSync(dest, { recursive: true });
    cpSync(source, dest, { recursive: true, verbatimSymlinks: true, filter });
  } else {
    const target = destIsDir ? path.join(dest, path.basename(source)) : dest;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(source, target, { verbatimSymlinks: true });
  }
}

function stagePath(stage, outDir, containerPath) {
  const absolute = path.posix.resolve(stage.workdir, containerPath);
  const relative = path.posix.relative(stage.workdir, absolute);
  if (relative.startsWith('..')) throw new Error(`${containerPath} is outside the WORKDIR ${stage.workdir}: not simulated`);
  return path.join(outDir, relative);
}

/**
 * `npm ci` without the network: node_modules links every package installed in the workspace, and
 * the @antiquarium workspace packages to the folders copied into this stage, as npm itself would.
 */
function linkInstall(outDir) {
  const modules = path.join(outDir, 'node_modules');
  rmSync(modules, { recursive: true, force: true });
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@antiquarium') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  const scope = path.join(ROOT, 'node_modules/@antiquarium');
  mkdirSync(path.join(modules, '@antiquarium'));
  for (const name of readdirSync(scope)) {
    const target = readlinkSync(path.join(scope, name));
    const folder = path.resolve(scope, target);
    const workspace = path.relative(ROOT, folder);
    if (!existsSync(path.join(outDir, workspace, 'package.json'))) continue;
    symlinkSync(target, path.join(modules, '@antiquarium', name));
    const nested = path.join(folder, 'node_modules');
    if (existsSync(nested) && !existsSync(path.join(outDir, workspace, 'node_modules'))) {
      symlinkSync(nested, path.join(outDir, workspace, 'node_modules'));
    }
  }
}

function runShell(command, cwd, log, env = {}) {
  const result = spawnSync('sh', ['-c', command], {
    cwd,
    env: { ...process.env, ...env, PATH: `${path.join(cwd, 'node_modules/.bin')}:${process.env.PATH}`, NX_DAEMON: 'false' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (log) appendFileSync(log, `$ ${command}\n${result.stdout}${result.stderr}\n`);
  if (result.status !== 0) {
    throw new Error(`RUN ${command} failed (exit ${result.status}):\n${`${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-30).join('\n')}`);
  }
}

/** A COPY source or destination that a build argument left empty would name the whole context. */
function checkPaths(dockerfile, step) {
  if (step.sources.length === 0 || [...step.sources, step.dest].some((part) => !part)) {
    throw new Error(`${dockerfile}: ${step.line}: a source or the destination is empty (a build argument not given?)`);
  }
}

/**
 * Builds one stage of a build (see buildOf) into outDir (its WORKDIR), with the steps of the stages
 * it is built FROM. `edit(outDir)` runs after the last COPY from the context and before the RUN
 * lines that follow it: a test changes the copied sources there.
 */
function buildStage(build, stageName, outDir, { edit, log } = {}) {
  const { dockerfile, args } = buildOf(build);
  const stage = parseDockerfile(dockerfile, args).find((candidate) => candidate.name === stageName);
  if (!stage) throw new Error(`${dockerfile} has no stage ${stageName}`);
  const patterns = dockerignore();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const lastCopy = stage.steps.findLastIndex((step) => step.op === 'COPY');
  stage.steps.forEach((step, index) => {
    if (step.op === 'COPY') {
      if (step.from) throw new Error(`${dockerfile}: COPY --from inside a build stage is not simulated`);
      checkPaths(dockerfile, step);
      const dest = stagePath(stage, outDir, step.dest);
      const destIsDir = step.dest.endsWith('/') || step.sources.length > 1;
      for (const source of step.sources) {
        if (isIgnored(source, patterns)) throw new Error(`${dockerfile}: ${source} is excluded by .dockerignore`);
        const from = path.join(ROOT, source);
        if (!existsSync(from)) throw new Error(`${dockerfile}: COPY ${source}: no such file in the build context`);
        copyInto(from, dest, destIsDir, (file) => !isIgnored(path.relative(ROOT, file), patterns));
      }
    } else if (step.op === 'RUN') {
      for (const part of step.text.split('&&').map((text) => text.trim())) {
        if (/^npm ci\b/.test(part)) linkInstall(outDir);
        else runShell(part, outDir, log, step.env);
      }
    }
    if (index === lastCopy && edit) edit(outDir);
  });
  return outDir;
}

/**
 * The final stage's file system (its WORKDIR) in outDir, for a build (see buildOf). `stageDirs` maps
 * each stage named in a COPY --from to its built folder. RUN lines of the final stage prepare the OS
 * and are not run, except `npm install --global pkg@version`, checked against the workspace's
 * install and put on PATH.
 */
function assembleImage(build, outDir, stageDirs = {}) {
  const image = describeImage(build);
  const { final, dockerfile } = image;
  const patterns = dockerignore();
  const stages = Object.fromEntries(image.stages.map((stage) => [stage.name, stage]));
  const extraPath = [];
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const step of final.steps) {
    if (step.op === 'COPY') {
      checkPaths(dockerfile, step);
      const dest = stagePath(final, outDir, step.dest);
      const destIsDir = step.dest.endsWith('/') || step.sources.length > 1;
      for (const source of step.sources) {
        let from;
        if (step.from) {
          const built = stageDirs[step.from];
          if (!built) throw new Error(`${dockerfile}: stage ${step.from} was not built`);
          from = stagePath(stages[step.from], built, source);
        } else {
          if (isIgnored(source, patterns)) throw new Error(`${dockerfile}: ${source} is excluded by .dockerignore`);
          from = path.join(ROOT, source);
        }
        if (!existsSync(from)) throw new Error(`${dockerfile}: COPY ${step.from ? `--from=${step.from} ` : ''}${source}: missing`);
        copyInto(from, dest, destIsDir);
      }
    } else if (step.op === 'RUN') {
      for (const match of step.text.matchAll(/npm install --global(?: --\S+)* "?([@\w/.-]+)@([\w.${}-]+)"?/g)) {
        const name = match[1];
        const installed = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
        const wanted = expand(match[2], step.env);
        if (wanted !== installed) throw new Error(`${dockerfile} installs ${name}@${wanted}, the workspace has ${installed}`);
        extraPath.push(path.join(ROOT, 'node_modules/.bin'));
      }
    }
  }
  makeReadable(outDir);
  return { ...image, dir: outDir, extraPath };
}

/**
 * Builds an image as `docker build` does (see buildOf): each stage its final stage copies from, in
 * dir/stages/<stage>, then the final stage's files in dir/image. `edit` and `log`: as buildStage's.
 */
function buildImage(build, dir, { edit, log } = {}) {
  const { final } = describeImage(build);
  const stageDirs = {};
  for (const step of final.steps) {
    if (step.op !== 'COPY' || !step.from || stageDirs[step.from]) continue;
    stageDirs[step.from] = buildStage(build, step.from, path.join(dir, 'stages', step.from), { edit, log });
  }
  return { ...assembleImage(build, path.join(dir, 'image'), stageDirs), stageDirs };
}

function makeReadable(dir) {
  // mkdtemp folders are private to root; the image's user must be able to read its files.
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const info = statSync(current);
    if ((info.mode & 0o005) !== 0o005) chmodSync(current, info.mode | 0o005);
    if (current === '/tmp' || current === ROOT) break;
  }
}

module.exports = { isIgnored, buildStage, assembleImage, buildImage };
