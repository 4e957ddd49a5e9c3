// scripts/lib/containers.cjs, which runs the images without Docker for the deploy tests: how it reads
// a Dockerfile's build arguments (ARG: defaults, values given as --build-arg, scope, substitution),
// targets and stages built FROM other stages, and builds with them; and deploy/Dockerfile read that way.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildImage, buildStage, describeImage, dockerBuildCommand, expand, parseDockerfile, type Stage } from '../../scripts/lib/containers.cjs';

const ROOT = path.resolve(__dirname, '../..');
const workspace = JSON.parse(readFileSync(path.join(ROOT, 'workspace.json'), 'utf8')) as { frontEnds: { name: string; folder: string; role: string }[] };
const remoteFolders = workspace.frontEnds.filter((piece) => piece.role === 'remote').map((piece) => piece.folder);

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'containers-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A Dockerfile of these lines, outside the repository (its COPY lines still read the repository). */
function dockerfile(...lines: string[]): string {
  const file = path.join(dir, 'Dockerfile');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function stageOf(stages: Stage[], name: string): Stage {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`no stage ${name}`);
  return stage;
}

describe('expand: Docker’s substitution', () => {
  const vars = { REMOTE: 'mfe-catalog', EMPTY: '' };

  test.each([
    ['$REMOTE/dist', 'mfe-catalog/dist'],
    ['/repo/${REMOTE}/dist', '/repo/mfe-catalog/dist'],
    ['${REMOTE}${REMOTE}', 'mfe-catalogmfe-catalog'],
    ['${MISSING}/dist', '/dist'],
    ['${MISSING:-mfe-account}', 'mfe-account'],
    ['${EMPTY:-mfe-account}', 'mfe-account'],
    ['${REMOTE:-mfe-account}', 'mfe-catalog'],
    ['${REMOTE:+set}', 'set'],
    ['${MISSING:+set}', ''],
    ['\\$REMOTE', '$REMOTE'],
    ['no variables', 'no variables'],
  ])('%s', (text, expanded) => {
    expect(expand(text, vars)).toBe(expanded);
  });
});

describe('ARG', () => {
  test('its default is substituted, as ${NAME} and $NAME, in the COPY, ENV, WORKDIR, USER and EXPOSE lines after it', () => {
    const file = dockerfile(
      'FROM node:20-alpine AS app',
      'ARG PIECE=mfe-catalog',
      'ARG PORT_NUMBER=8080 OWNER="node"',
      'WORKDIR /app/${PIECE}',
      'ENV SERVED=$PIECE/dist PORT=${PORT_NUMBER}',
      'COPY ${PIECE}/package.json $PIECE/',
      'USER $OWNER',
      'EXPOSE ${PORT_NUMBER}',
    );
    const [app] = parseDockerfile(file);
    expect(app?.workdir).toBe('/app/mfe-catalog');
    expect(app?.env).toEqual({ SERVED: 'mfe-catalog/dist', PORT: '8080' });
    expect(app?.args).toEqual({ PIECE: 'mfe-catalog', PORT_NUMBER: '8080', OWNER: 'node' });
    expect(app?.steps.find((step) => step.op === 'COPY')).toMatchObject({ sources: ['mfe-catalog/package.json'], dest: 'mfe-catalog/' });
    expect(app?.user).toBe('node');
    expect(app?.expose).toEqual([8080]);
  });

  test('a value given as a build argument wins over the default, and fills an ARG without one', () => {
    const file = dockerfile('FROM node:20-alpine', 'ARG PIECE=mfe-catalog', 'ARG OTHER', 'ENV SERVED=${PIECE}/dist ALSO=${OTHER}');
    expect(parseDockerfile(file, { PIECE: 'mfe-account', OTHER: 'given' })[0]?.env).toEqual({ SERVED: 'mfe-account/dist', ALSO: 'given' });
    // Neither given nor defaulted: empty, as Docker leaves it.
    expect(parseDockerfile(file)[0]?.env).toEqual({ SERVED: 'mfe-catalog/dist', ALSO: '' });
  });

  test('holds from its own line on: a line before it sees nothing', () => {
    const file = dockerfile('FROM node:20-alpine', 'ENV BEFORE=${PIECE}', 'ARG PIECE=mfe-catalog', 'ENV AFTER=${PIECE}');
    expect(parseDockerfile(file)[0]?.env).toEqual({ BEFORE: '', AFTER: 'mfe-catalog' });
  });

  test('before the first FROM it serves the FROM lines, and a stage sees it only by declaring it again', () => {
    const file = dockerfile(
      'ARG NODE_IMAGE=node:20-alpine',
      'ARG PIECE=mfe-catalog',
      'FROM ${NODE_IMAGE} AS undeclared',
      'ENV PIECE_SEEN=${PIECE}',
      'FROM $NODE_IMAGE AS declared',
      'ARG PIECE',
      'ENV PIECE_SEEN=${PIECE}',
    );
    const stages = parseDockerfile(file);
    expect(stages.map((stage) => stage.base)).toEqual(['node:20-alpine', 'node:20-alpine']);
    expect(stageOf(stages, 'undeclared').env).toEqual({ PIECE_SEEN: '' });
    expect(stageOf(stages, 'declared').env).toEqual({ PIECE_SEEN: 'mfe-catalog' });
    const given = parseDockerfile(file, { NODE_IMAGE: 'node:22-alpine', PIECE: 'mfe-account' });
    expect(given.map((stage) => stage.base)).toEqual(['node:22-alpine', 'node:22-alpine']);
    expect(stageOf(given, 'declared').env).toEqual({ PIECE_SEEN: 'mfe-account' });
  });

  test('a stage built FROM another keeps its ARG values (as BuildKit does); a sibling stage does not', () => {
    const file = dockerfile('FROM node:20-alpine AS base', 'ARG PIECE=mfe-catalog', 'FROM base AS child', 'ENV SEEN=${PIECE}', 'FROM node:20-alpine AS sibling', 'ENV SEEN=${PIECE}');
    const stages = parseDockerfile(file, { PIECE: 'mfe-moderation' });
    expect(stageOf(stages, 'child').env).toEqual({ SEEN: 'mfe-moderation' });
    expect(stageOf(stages, 'sibling').env).toEqual({ SEEN: '' });
  });

  test('ENV wins over an ARG of the same name', () => {
    const file = dockerfile('FROM node:20-alpine', 'ARG PIECE=from-arg', 'ENV PIECE=from-env', 'ENV SEEN=${PIECE}');
    expect(parseDockerfile(file, { PIECE: 'given' })[0]?.env).toEqual({ PIECE: 'from-env', SEEN: 'from-env' });
  });

  test('RUN, CMD and HEALTHCHECK are left as written (the shell expands them), and RUN gets the values as its environment', () => {
    const file = dockerfile(
      'FROM node:20-alpine',
      'ARG PIECE=mfe-catalog',
      'ENV PORT=8080',
      'RUN echo "$PIECE"',
      'HEALTHCHECK CMD ["sh", "-c", "test -d $PIECE"]',
      'CMD ["sh", "serve.sh", "${PIECE}"]',
    );
    const [stage] = parseDockerfile(file, { PIECE: 'mfe-account' });
    expect(stage?.steps.find((step) => step.op === 'RUN')).toMatchObject({ text: 'echo "$PIECE"', env: { PIECE: 'mfe-account', PORT: '8080' } });
    expect(stage?.healthcheck?.exec).toEqual(['sh', '-c', 'test -d $PIECE']);
    expect(stage?.cmd?.exec).toEqual(['sh', 'serve.sh', '${PIECE}']);
  });

  test('a build argument that no ARG declares is refused (a misspelt one would otherwise build the default)', () => {
    const file = dockerfile('FROM node:20-alpine', 'ARG REMOTE');
    expect(() => parseDockerfile(file, { REMOTES: 'mfe-catalog' })).toThrow(/declares no ARG REMOTES/);
  });

  test('buildStage runs RUN lines with the values in their environment and copies the paths they name', () => {
    const file = dockerfile(
      'FROM node:20-bookworm-slim AS build',
      'WORKDIR /work',
      'ARG FOLDER=libs/contracts',
      'ARG NOTE=default',
      'COPY ${FOLDER}/package.json $FOLDER/',
      'RUN printf %s "$NOTE" > note.txt && printf %s "${FOLDER}" > folder.txt',
    );
    const out = buildStage({ dockerfile: file, args: { FOLDER: 'libs/ui', NOTE: 'given' } }, 'build', path.join(dir, 'out'));
    expect(readFileSync(path.join(out, 'libs/ui/package.json'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'libs/ui/package.json'), 'utf8'));
    expect(existsSync(path.join(out, 'libs/contracts'))).toBe(false);
    expect(readFileSync(path.join(out, 'note.txt'), 'utf8')).toBe('given');
    expect(readFileSync(path.join(out, 'folder.txt'), 'utf8')).toBe('libs/ui');
  });

  test('a COPY whose path a missing build argument leaves empty is refused, not read as the whole context', () => {
    const file = dockerfile('FROM node:20-bookworm-slim AS build', 'WORKDIR /work', 'ARG FOLDER', 'COPY ${FOLDER} ${FOLDER}');
    expect(() => buildStage(file, 'build', path.join(dir, 'out'))).toThrow(/empty \(a build argument not given\?\)/);
  });

  test('buildImage builds the stages the target copies from, with the build arguments, and assembles the target', () => {
    const file = dockerfile(
      'FROM node:20-bookworm-slim AS build',
      'WORKDIR /work',
      'ARG FOLDER',
      'COPY ${FOLDER}/package.json ${FOLDER}/',
      'FROM node:20-alpine AS base',
      'WORKDIR /app',
      'USER node',
      'FROM base AS app',
      'ARG FOLDER',
      'ENV SERVED=${FOLDER}',
      'COPY --from=build /work/${FOLDER}/package.json ${SERVED}/package.json',
      'CMD ["node", "-e", "0"]',
      'FROM node:20-alpine AS unused',
      'COPY does-not-exist /',
    );
    const image = buildImage({ dockerfile: file, target: 'app', args: { FOLDER: 'libs/auth-store' } }, path.join(dir, 'built'));
    expect(Object.keys(image.stageDirs)).toEqual(['build']);
    expect(existsSync(path.join(image.dir, 'libs/auth-store/package.json'))).toBe(true);
    expect(image.final).toMatchObject({ name: 'app', parent: 'base', base: 'node:20-alpine', user: 'node', workdir: '/app', env: { SERVED: 'libs/auth-store' } });
    expect(image.command).toEqual(['node', '-e', '0']);
  });
});

describe('targets and stages built FROM stages', () => {
  test('the target is the image; without one, the last stage', () => {
    const file = dockerfile('FROM node:20-alpine AS first', 'CMD ["first"]', 'FROM node:20-alpine AS last', 'CMD ["last"]');
    expect(describeImage({ dockerfile: file, target: 'first' }).command).toEqual(['first']);
    expect(describeImage(file).command).toEqual(['last']);
    expect(() => describeImage({ dockerfile: file, target: 'missing' })).toThrow(/has no stage missing/);
  });

  test('a stage built FROM another takes its base image, steps, WORKDIR, ENV, USER, EXPOSE and HEALTHCHECK, and changes none of them', () => {
    const file = dockerfile(
      'FROM node:20-alpine AS static',
      'ENV PORT=8080',
      'WORKDIR /app',
      'COPY deploy/serve-static.mjs deploy/frames.mjs deploy/',
      'USER node',
      'EXPOSE 8080',
      'HEALTHCHECK CMD ["true"]',
      'FROM static AS served',
      'ENV EXTRA=1',
      'COPY deploy/serve-remote.sh deploy/serve-remote.sh',
    );
    const stages = parseDockerfile(file);
    const served = stageOf(stages, 'served');
    expect(served).toMatchObject({ base: 'node:20-alpine', parent: 'static', workdir: '/app', user: 'node', expose: [8080], env: { PORT: '8080', EXTRA: '1' } });
    expect(served.healthcheck?.exec).toEqual(['true']);
    expect(served.steps.filter((step) => step.op === 'COPY').map((step) => step.dest)).toEqual(['deploy/', 'deploy/serve-remote.sh']);
    expect(stageOf(stages, 'static').env).toEqual({ PORT: '8080' });
    expect(stageOf(stages, 'static').steps).toHaveLength(1);
  });

  test('dockerBuildCommand says how Docker builds it', () => {
    expect(dockerBuildCommand({ dockerfile: 'deploy/Dockerfile', target: 'remote', args: { REMOTE: 'mfe-catalog' } })).toBe(
      'docker build -f deploy/Dockerfile --target remote --build-arg REMOTE=mfe-catalog .',
    );
    expect(dockerBuildCommand('deploy/auth-emulator/Dockerfile')).toBe('docker build -f deploy/auth-emulator/Dockerfile .');
  });
});

describe('deploy/Dockerfile', () => {
  const DOCKERFILE = 'deploy/Dockerfile';

  test.each(remoteFolders)('the remote target with REMOTE=%s builds, serves and names that remote alone', (folder) => {
    const image = describeImage({ dockerfile: DOCKERFILE, target: 'remote', args: { REMOTE: folder } });
    expect(image.final).toMatchObject({ base: 'node:20-alpine', user: 'node', workdir: '/app', expose: [8080], env: { NODE_ENV: 'production', PORT: '8080', REMOTE_DIST: `${folder}/dist` } });
    expect(image.command).toEqual(['sh', 'deploy/serve-remote.sh']);
    expect(image.final.healthcheck?.exec?.join(' ')).toContain('/mf-manifest.json');
    const fromBuild = image.final.steps.filter((step) => step.from);
    expect(fromBuild).toEqual([expect.objectContaining({ from: 'remote-build', sources: [`/repo/${folder}/dist`], dest: `${folder}/dist` })]);
    const build = stageOf(image.stages, 'remote-build');
    expect(build.steps.filter((step) => step.op === 'COPY').at(-1)).toMatchObject({ sources: [folder], dest: folder });
    expect(build.steps.at(-1)).toMatchObject({ op: 'RUN', text: 'npm run build --workspace "@antiquarium/${REMOTE}"', env: { REMOTE: folder } });
    // Its own sources, and no other remote's (only their package.json, for the one install).
    const copied = [...build.steps, ...image.final.steps].flatMap((step) => step.sources ?? []);
    expect(copied).toContain(folder);
    for (const other of remoteFolders.filter((candidate) => candidate !== folder)) expect(copied).not.toContain(other);
  });

  test('the remote target refuses to build without REMOTE, and says how to name it', () => {
    expect(() => buildStage({ dockerfile: DOCKERFILE, target: 'remote' }, 'remote-build', path.join(dir, 'remote-build'))).toThrow(/--build-arg REMOTE=<its folder>/);
  });

  test('the api and the shell targets need no build argument, and take none they do not declare', () => {
    expect(describeImage({ dockerfile: DOCKERFILE, target: 'api' }).command).toEqual(['node', 'api/dist/main.js']);
    expect(describeImage({ dockerfile: DOCKERFILE, target: 'shell' }).command).toEqual(['sh', 'deploy/shell-entrypoint.sh']);
    expect(() => describeImage({ dockerfile: DOCKERFILE, target: 'api', args: { REMOTES: 'mfe-catalog' } })).toThrow(/declares no ARG REMOTES/);
  });
});
