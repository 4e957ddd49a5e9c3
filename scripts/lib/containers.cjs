// Runs the workspace's images without Docker (no engine on these machines), so the deploy tests use
// the same artifacts and start commands as the containers:
//   - a build is a Dockerfile, a target stage and build arguments (read by dockerfile.cjs);
//   - buildStage, assembleImage, buildImage: the image's files, built as image-build.cjs says;
//   - startContainer: the final stage's ENTRYPOINT + CMD in that folder, with only the image's ENV and
//     the given variables, as the image's USER (uid 1000 for `node`) when run as root, until its
//     HEALTHCHECK passes.
// What it cannot reproduce (the base image's OS, `npm ci` itself, RUN lines of the final stage that
// prepare the OS) is listed in README.md, "Deployment".
// CommonJS so that both the test runner (ES modules) and the Playwright specs (TypeScript compiled to
// CommonJS) load it. The deploy tests know this one module (containers.d.cts): it also gives the
// functions of the two files that build the images.
const { spawn } = require('node:child_process');
const { appendFileSync, chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } = require('node:fs');
const path = require('node:path');
const { ROOT, buildOf, describeImage, dockerBuildCommand, expand, parseDockerfile } = require('./dockerfile.cjs');
const { assembleImage, buildImage, buildStage, isIgnored } = require('./image-build.cjs');

/** The user the node images define (node:20-alpine, node:20-bookworm-slim). */
const IMAGE_USERS = { node: { uid: 1000, gid: 1000 } };

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
