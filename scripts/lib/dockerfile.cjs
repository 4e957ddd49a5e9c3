// Reads a Dockerfile as `docker build` does, for containers.cjs (which runs the workspace's images
// without Docker): a build is a Dockerfile, a target stage and build arguments (ARG, substituted as
// Docker does); parseDockerfile gives its stages, describeImage the image a build makes.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

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

module.exports = { ROOT, logicalLines, expand, buildOf, dockerBuildCommand, parseDockerfile, describeImage };
