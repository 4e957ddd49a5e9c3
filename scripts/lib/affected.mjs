// `npm test -- --affected [--base <ref>]`: what a change touches, so that the runner checks only that
// (README, "Tests"). The whole `npm test` stays the gate before a change lands.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONT_ENDS } from './workspace.mjs';
import { journeySpecFiles } from './journey-shards.mjs';

/** Nx's affected projects against `base` (committed and uncommitted changes), by folder. */
function affectedFolders(root, base) {
  const out = execFileSync('npx', ['nx', 'show', 'projects', '--affected', `--base=${base}`, '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const names = JSON.parse(out.slice(out.indexOf('[')));
  return names.map((name) => name.replace(/^@antiquarium\//, '')).map((name) => (name.startsWith('mfe-') || name === 'shell' || name === 'api' || name === 'tooling' ? name : `libs/${name}`));
}

/** Files changed against `base`, committed or not, and new ones git does not ignore. */
function changedFiles(root, base) {
  const git = (args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...new Set([...git(['diff', '--name-only', `${base}...HEAD`]), ...git(['diff', '--name-only', 'HEAD']), ...git(['ls-files', '--others', '--exclude-standard'])])];
}

/**
 * Each remote's routes, read from the shell's route table (`remote('<remote>/<Module>', …)` under
 * `path: '<segment>'`), as the first path segment a journey visits: '' for the home page.
 */
export function routesByRemote(routesSource) {
  const routes = new Map();
  const add = (remote, segment) => routes.set(remote, [...new Set([...(routes.get(remote) ?? []), segment])]);
  // A nested table (the moderation desk) names its segment once, above its children.
  const nested = /path: '([a-z-]+)',\s*children: \[([\s\S]*?)\]/g;
  for (const match of routesSource.matchAll(nested)) {
    for (const child of match[2].matchAll(/remote\('([a-z-]+)\//g)) add(child[1], match[1]);
  }
  for (const match of routesSource.replace(nested, '').matchAll(/\{\s*(index: true|path: '([^']+)')[^{}]*?remote\('([a-z-]+)\//g)) {
    add(match[3], match[2] === undefined ? '' : match[2].split('/')[0]);
  }
  return routes;
}

/** Whether a journey's text (with its support modules') visits one of these first segments. */
export function visitsAny(text, segments) {
  return segments.some((segment) =>
    segment === ''
      ? /goto\(\s*['"`]\/['"`?]/.test(text) || /['"`]\/['"`]/.test(text)
      : new RegExp(`['"\`]/${segment}(?=[/'"\`?$]|$)`).test(text),
  );
}

/**
 * Playwright's --grep-invert for journey files whose tests are one per route: it leaves out those
 * tests (matched on `<file> … <title>`) whose title names none of the segments.
 */
export function routeTitleFilter(specs, segments) {
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = segments.map((segment) => `/${escape(segment)}${segment === '' ? '(?![a-z])' : '(?![a-z-])'}`).join('|');
  return `(${specs.map(escape).join('|')})(?!.*(${named}))`;
}

/** A journey's own text and that of the e2e/support modules it imports. */
function journeyText(e2eDir, file) {
  const text = readFileSync(path.join(e2eDir, 'tests', file), 'utf8');
  const supports = [...text.matchAll(/from '\.\.\/support\/([a-z-]+)'/g)].map((match) => match[1]);
  return [text, ...supports.map((name) => readFileSync(path.join(e2eDir, 'support', `${name}.ts`), 'utf8'))].join('\n');
}

/**
 * What to run for the changes against `base`: the affected projects (typecheck, lint), whether the
 * api's suites run, the journeys to run ('all', or spec files: those visiting a route of an affected
 * remote), and whether the deployment suite runs.
 */
export function affectedPlan(root, base) {
  const folders = affectedFolders(root, base);
  const files = changedFiles(root, base);
  const remotes = FRONT_ENDS.filter((front) => front.role === 'remote' && folders.includes(front.folder)).map((front) => front.name);
  // The shell, the libraries the front ends share, the api and the journeys' own support touch every page.
  const everyPage = folders.some((folder) => folder === 'shell' || folder === 'api' || (folder.startsWith('libs/') && folder !== 'libs/testing')) || files.some((file) => file.startsWith('e2e/support/') || file.startsWith('deploy/') || file === 'e2e/playwright.config.ts');
  const e2eDir = path.join(root, 'e2e');
  const specs = journeySpecFiles(e2eDir);
  let journeys;
  let grepInvert = null;
  if (everyPage) journeys = 'all';
  else {
    const routes = routesByRemote(readFileSync(path.join(root, 'shell/src/app/routes.tsx'), 'utf8'));
    const segments = remotes.flatMap((remote) => routes.get(remote) ?? []);
    const changedSpecs = files.filter((file) => file.startsWith('e2e/tests/') && file.endsWith('.spec.ts')).map((file) => path.basename(file));
    const texts = new Map(specs.map((spec) => [spec, journeyText(e2eDir, spec)]));
    journeys = specs.filter((spec) => changedSpecs.includes(spec) || (segments.length > 0 && visitsAny(texts.get(spec), segments)));
    // A journey file that visits every remote's routes (a test per route): only its tests whose
    // title names an affected route run, unless the file itself changed.
    const everyRemote = journeys.filter((spec) => !changedSpecs.includes(spec) && [...routes.values()].every((owned) => visitsAny(texts.get(spec), owned)));
    grepInvert = everyRemote.length > 0 ? routeTitleFilter(everyRemote, segments) : null;
  }
  return {
    folders,
    files,
    api: folders.includes('api') || folders.includes('libs/contracts'),
    journeys,
    grepInvert,
    deploy: files.some((file) => file.startsWith('deploy/') || file.startsWith('e2e/deploy/') || file === 'docker-compose.yml' || file === 'scripts/deploy-phase.mjs'),
  };
}

/** The runner's phases for a plan (the static checks and the unit tests always). */
export function plannedPhases(plan) {
  return [
    'static',
    'unit',
    ...(plan.api ? ['api', 'bench-smoke', 'resilience'] : []),
    ...(plan.journeys === 'all' || plan.journeys.length > 0 ? ['browser'] : []),
    ...(plan.deploy ? ['deploy'] : []),
  ];
}

const LINTED = /\.(ts|tsx|mjs|cjs|js)$/;

/**
 * The static phase for a plan: every front end built (Nx's cache makes the untouched ones free; the
 * journeys serve them all), the affected projects typechecked, their folders and the other changed
 * files linted, the journeys typechecked when they changed.
 */
export function staticCommands(root, plan) {
  const commands = [['npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']]];
  const projects = plan.folders.map((folder) => `@antiquarium/${path.basename(folder)}`);
  if (projects.length > 0) commands.push(['npx', ['nx', 'run-many', '-t', 'typecheck', `--projects=${projects.join(',')}`, '--output-style=static']]);
  if (plan.files.some((file) => file.startsWith('e2e/'))) commands.push(['npx', ['tsc', '-p', 'e2e/tsconfig.json']]);
  const outside = plan.files.filter((file) => LINTED.test(file) && !plan.folders.some((folder) => file.startsWith(`${folder}/`)) && existsSync(path.join(root, file)));
  const lint = [...plan.folders, ...outside];
  if (lint.length > 0) commands.push(['npx', ['eslint', ...lint, '--max-warnings=0']]);
  return commands;
}
