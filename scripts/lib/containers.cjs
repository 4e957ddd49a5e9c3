// Runs the workspace's images without Docker (no engine on these machines), so the deploy tests use
// the same artifacts and start commands as the containers:
//   - a build is a Dockerfile, a target stage and build arguments (ARG, substituted as Docker does);
//   - buildStage: a build stage's COPY lines from the context (honouring .dockerignore), its RUN lines
//     as written, except `npm ci`, which links the workspace's installed node_modules instead of
//     downloading them again; with the steps of the stages it is built FROM;
//   - assembleImage: the final stage's files (COPY from the context or from a built stage);
//   - startContainer: the final stage's ENTRYPOINT + CMD in that folder, with only the image's ENV and
//     the given variables, as the image's USER (uid 1000 for `node`) when run as root, until its
//     HEALTHCHECK passes.
// What it cannot reproduce (the base image's OS, `npm ci` itself, RUN lines of the final stage that
// prepare the OS) is listed in README.md, "Deployment".
// CommonJS so that both the test runner (ES modules) and the Playwright specs (TypeScript compiled to
// CommonJS) load it.
const { spawn, spawnSync } = require('node:child_process');
const { appendFileSync, chmodSync, chownSync, cpSync, createWriteStream, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/** The user the node images define (node:20-alpine, node:20-bookworm-slim). */
const IMAGE_USERS = { node: { uid: 1000, gid: 1000 } };

function logicalLines(text) {
  const lines = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (current === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push((current + line).trim());
    current = '';
  }
  if (current.trim()) lines.push(current.trim());
  return lines;
}

function parseExecOrShell(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return { exec: JSON.parse(trimmed) };
  return { shell: trimmed };
}

function parseEnv(text) {
  const env = {};
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|(\S*))/g;
  for (const match of text.matchAll(pattern)) env[match[1]] = match[3] ?? match[4] ?? '';
  return env;
}

/** `ARG NAME`, `ARG NAME=value`, `ARG A=1 B="two"`: [name, value or undefined] pairs. */
function parseArgs(text) {
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)(?:=("([^"]*)"|(\S*)))?(?=\s|$)/g;
  return [...text.matchAll(pattern)].map((match) => [match[1], match[2] === undefined ? undefined : (match[3] ?? match[4])]);
}

/**
 * Docker's substitution in COPY, ENV, WORKDIR, USER, EXPOSE and FROM lines: $NAME, ${NAME},
 * ${NAME:-word} (word when unset or empty) and ${NAME:+word} (word when set); `\$` is a literal $.
 * An unset name is empty.
 */
function expand(text, vars) {
  return text.replace(/\\\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced, modifier, word, bare) => {
    if (match === '\\$') return '$';
    const value = vars[braced ?? bare];
    if (modifier === '-') return value ? value : expand(word, vars);
    if (modifier === '+') return value ? expand(word, vars) : '';
    return value ?? '';
  });
}

/**
 * What one `docker build` builds: the Dockerfile (relative to the repository root), its target stage
 * (`--target`; the last stage when absent) and the build arguments (`--build-arg NAME=value`). A
 * string is a Dockerfile built with neither.
 */
function buildOf(build) {
  if (typeof build === 'string') return { dockerfile: build, args: {} };
  return { dockerfile: build.dockerfile, ...(build.target ? { target: build.target } : {}), args: { ...build.args } };
}

/** The `docker build` command line of a build, from the repository root (for messages and docs). */
function dockerBuildCommand(build) {
  const { dockerfile, target, args } = buildOf(build);
  const words = ['docker build -f', dockerfile, ...(target ? ['--target', target] : []), ...Object.entries(args).map(([name, value]) => `--build-arg ${name}=${value}`), '.'];
  return words.join(' ');
}

/**
 * The stages of a Dockerfile, in order, with `buildArgs` given as `--build-arg`. As BuildKit does:
 * an ARG before the first FROM serves the FROM lines, and a stage's ARG of the same name without a
 * value takes its default; a stage's ARG holds from its line to the end of the stage and in the
 * stages built FROM it, which also take its files (its steps), WORKDIR, ENV, USER, EXPOSE, CMD,
 * ENTRYPOINT and HEALTHCHECK. ENV wins over an ARG of the same name. RUN lines get the stage's ARG
 * and ENV values as their environment (Docker substitutes nothing in RUN, CMD, ENTRYPOINT or
 * HEALTHCHECK: the shell does, at build or at run time). A build argument no ARG declares is refused.
 */
function parseDockerfile(dockerfile, buildArgs = {}) {
  const stages = [];
  const globals = {};
  const declared = new Set();
  const varsOf = (stage) => ({ ...stage.args, ...stage.env });
  for (const line of logicalLines(readFileSync(path.resolve(ROOT, dockerfile), 'utf8'))) {
    const [keyword] = line.split(/\s+/, 1);
    const rest = line.slice(keyword.length).trim();
    const op = keyword.toUpperCase();
    const stage = stages.at(-1);
    if (op === 'ARG') {
      for (const [name, value] of parseArgs(rest)) {
        declared.add(name);
        const scope = stage ? stage.args : globals;
        const fallback = value === undefined ? (stage ? (stage.args[name] ?? globals[name]) : undefined) : expand(value, stage ? varsOf(stage) : globals);
        const resolved = Object.hasOwn(buildArgs, name) ? buildArgs[name] : fallback;
        if (resolved === undefined) delete scope[name];
        else scope[name] = resolved;
      }
      if (stage) stage.steps.push({ op, text: rest, line });
      continue;
    }
    if (op === 'FROM') {
      const [image, as, alias] = expand(rest, globals).split(/\s+/);
      const name = as?.toUpperCase() === 'AS' ? alias : String(stages.length);
      const parent = stages.find((candidate) => candidate.name === image);
      if (parent) stages.push({ ...parent, name, parent: parent.name, env: { ...parent.env }, args: { ...parent.args }, steps: [...parent.steps] });
      else stages.push({ base: image, name, workdir: '/', env: {}, args: {}, user: 'root', steps: [] });
      continue;
    }
    if (!stage) throw new Error(`${dockerfile}: ${op} before FROM`);
    const vars = varsOf(stage);
    if (op === 'WORKDIR') stage.workdir = path.posix.resolve(stage.workdir, expand(rest, vars));
    else if (op === 'ENV') {
      for (const [name, value] of Object.entries(parseEnv(rest))) stage.env[name] = expand(value, vars);
    } else if (op === 'USER') stage.user = expand(rest, vars);
    else if (op === 'EXPOSE') stage.expose = expand(rest, vars).split(/\s+/).map(Number);
    else if (op === 'CMD') stage.cmd = parseExecOrShell(rest);
    else if (op === 'ENTRYPOINT') stage.entrypoint = parseExecOrShell(rest);
    else if (op === 'HEALTHCHECK') {
      const index = rest.indexOf('CMD ');
      stage.healthcheck = { options: rest.slice(0, index).trim(), ...parseExecOrShell(rest.slice(index + 4)) };
    } else if (op === 'COPY') {
      const words = rest.split(/\s+/).map((word) => expand(word, vars));
      const flags = Object.fromEntries(words.filter((word) => word.startsWith('--')).map((word) => word.slice(2).split('=')));
      const paths = words.filter((word) => !word.startsWith('--'));
      stage.steps.push({ op, from: flags.from, sources: paths.slice(0, -1), dest: paths.at(-1), line });
    } else if (op === 'RUN') stage.steps.push({ op, text: rest, line, env: vars });
    else stage.steps.push({ op, text: rest, line });
  }
  const unknown = Object.keys(buildArgs).filter((name) => !declared.has(name));
  if (unknown.length > 0) throw new Error(`${dockerfile} declares no ARG ${unknown.join(', ')}`);
  return stages;
}

/**
 * The image a build makes (see buildOf): its target stage, whose command is ENTRYPOINT + CMD, both
 * required in exec form.
 */
function describeImage(build) {
  const { dockerfile, target, args } = buildOf(build);
  const stages = parseDockerfile(dockerfile, args);
  const final = target === undefined ? stages.at(-1) : stages.find((stage) => stage.name === target);
  if (!final) throw new Error(`${dockerfile} has no stage ${target}`);
  const entrypoint = final.entrypoint?.exec ?? [];
  if (final.entrypoint?.shell || final.cmd?.shell) throw new Error(`${dockerfile}: use the exec form (JSON) for ENTRYPOINT and CMD`);
  return { dockerfile, build: buildOf(build), stages, final, command: [...entrypoint, ...(final.cmd?.exec ?? [])] };
}

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

/**
 * The image's user runs the workspace's installed packages (node_modules, linked as `npm ci` would
 * install them): every folder above the checkout must let it pass (a checkout in a mkdtemp folder
 * is private to root). Only the search bit is added, nothing becomes listable.
 */
function makeCheckoutTraversable() {
  for (let current = ROOT; current !== path.dirname(current); current = path.dirname(current)) {
    const info = statSync(current);
    if ((info.mode & 0o001) === 0) chmodSync(current, info.mode | 0o001);
  }
}

/**
 * Starts an assembled image's command in its folder and resolves once its HEALTHCHECK passes. The
 * environment is the image's ENV plus `env`, nothing inherited but PATH: like a container.
 */
async function startContainer(image, { name, env = {}, logDir, timeoutMs = 60_000, volumes = [] }) {
  const user = IMAGE_USERS[image.final.user];
  const runAs = process.getuid?.() === 0 && user ? user : undefined;
  const home = path.join(image.dir, '.container', 'home');
  const tmp = path.join(image.dir, '.container', 'tmp');
  // `volumes`: folders the container writes, as compose mounts them (owned by the image's user).
  for (const dir of [home, tmp, ...volumes]) mkdirSync(dir, { recursive: true });
  if (runAs) {
    makeCheckoutTraversable();
    for (const dir of [path.dirname(home), home, tmp, ...volumes]) chownSync(dir, runAs.uid, runAs.gid);
  }
  const fullEnv = {
    PATH: [...image.extraPath, process.env.PATH].join(':'),
    HOME: home,
    TMPDIR: tmp,
    ...image.final.env,
    ...env,
  };
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const out = createWriteStream(logFile, { flags: 'a' });
  const [command, ...args] = image.command;
  const child = spawn(command, args, { cwd: image.dir, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...(runAs ?? {}) });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  // Read when a container starts: the test phase sets it after importing this module.
  const pidFile = process.env.DEPLOY_PID_FILE;
  if (pidFile) appendFileSync(pidFile, `+${child.pid}\n`);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (pidFile) appendFileSync(pidFile, `-${child.pid}\n`);
      resolve({ code, signal });
    }),
  );
  const container = { name, child, exited, logFile, image, env: fullEnv, runAs };
  container.stop = (graceMs = 5000) => stopContainer(container, graceMs);
  try {
    await waitHealthy(container, timeoutMs);
  } catch (error) {
    await container.stop(1000);
    throw error;
  }
  return container;
}

function healthcheckOnce(container) {
  const { healthcheck } = container.image.final;
  if (!healthcheck) throw new Error(`${container.image.dockerfile} has no HEALTHCHECK`);
  const [command, ...args] = healthcheck.exec ?? ['sh', '-c', healthcheck.shell];
  return new Promise((resolve) => {
    const probe = spawn(command, args, { cwd: container.image.dir, env: container.env, stdio: 'ignore', ...(container.runAs ?? {}) });
    const timer = setTimeout(() => probe.kill('SIGKILL'), 3000);
    probe.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
    probe.once('error', () => resolve(false));
  });
}

async function waitHealthy(container, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  container.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${container.name} exited before it was healthy (see ${container.logFile})`);
    if (await healthcheckOnce(container)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${container.name}: not healthy after ${timeoutMs} ms (see ${container.logFile})`);
}

async function stopContainer(container, graceMs = 5000) {
  const { child } = container;
  if (child.exitCode !== null || child.signalCode !== null) return container.exited;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return container.exited;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }, graceMs);
  const result = await container.exited;
  clearTimeout(timer);
  return result;
}

/**
 * Kills the process groups startContainer recorded in DEPLOY_PID_FILE as started (+pid) and never
 * saw exit (-pid): what a crashed test process left running.
 */
function killRecorded(pidFile) {
  if (!existsSync(pidFile)) return 0;
  const running = new Set();
  for (const line of readFileSync(pidFile, 'utf8').split('\n').filter(Boolean)) {
    if (line.startsWith('+')) running.add(Number(line.slice(1)));
    else running.delete(Number(line.slice(1)));
  }
  let killed = 0;
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
      killed += 1;
    } catch {
      // already stopped
    }
  }
  rmSync(pidFile, { force: true });
  return killed;
}

/** An image assembled earlier (by the test phase), described again from its build (see buildOf). */
function openImage(build, dir, extraPath = []) {
  return { ...describeImage(build), dir, extraPath };
}

module.exports = {
  ROOT,
  expand,
  buildOf,
  dockerBuildCommand,
  parseDockerfile,
  describeImage,
  isIgnored,
  buildStage,
  assembleImage,
  buildImage,
  startContainer,
  waitHealthy,
  stopContainer,
  killRecorded,
  openImage,
};
