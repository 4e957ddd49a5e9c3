// Which of the api's HTTP specs the run with the catalog off leaves out (scripts/test.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { log } from './processes.mjs';

/**
 * A request the in-process catalog can answer or change, or one whose answer reads an artifact:
 * lists, facets, details, related, likes, photos and media, IIIF, collections, open data,
 * contributors. Matched over a spec's whole text, so a helper's path counts too.
 */
const CATALOG_REACH = /\/(artifacts|liked-artifacts|photos|media|iiif|collections|open-data|contributors)\b|related|createArtifact/;

/**
 * The spec files (names) of `dir` that send no request the catalog serves: with the catalog off
 * (CATALOG_MAX_ARTIFACTS=0) they would run exactly the code they ran with it on, so the third run of
 * the api suite leaves them out. A new spec that reaches an artifact runs there by itself.
 */
export function catalogIndependentSpecs(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.e2e-spec.ts'))
    .filter((name) => !CATALOG_REACH.test(readFileSync(path.join(dir, name), 'utf8')))
    .sort();
}

/** Jest's arguments that leave out catalogIndependentSpecs(dir) (none: no arguments), said in the log. */
export function catalogOffIgnoreArgs(dir) {
  const names = catalogIndependentSpecs(dir);
  if (names.length === 0) return [];
  log(`api (catalog off): left out, they never reach an artifact: ${names.join(', ')}`);
  return ['--testPathIgnorePatterns', ...names.map((name) => `/${name.replaceAll('.', '\\.')}$`)];
}
