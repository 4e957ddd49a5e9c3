// No loops between folders (issue 30): within a source tree, the folders' static relative imports
// (`import ... from './...'`, `export ... from '../...'`, `require('../...')`, their tests' too) must
// never lead from a folder back to itself, so that each folder can be read, tested and moved with
// what it depends on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

const workspace = JSON.parse(readFileSync(path.join(ROOT, 'workspace.json'), 'utf8')) as { api: { folder: string }; frontEnds: { folder: string }[] };

/**
 * The trees held to the rule, every source root of the workspace (its pieces from workspace.json,
 * each lib, and the workspace's own code), each at every depth: a file belongs to the folder it sits
 * in (a file directly in the tree to '.'), so `remotes/releases` and `remotes/previews` are two folders.
 */
const TREES = [
  `${workspace.api.folder}/src`,
  `${workspace.api.folder}/test`,
  ...workspace.frontEnds.map((piece) => `${piece.folder}/src`),
  ...readdirSync(path.join(ROOT, 'libs')).map((lib) => `libs/${lib}/src`),
  'deploy',
  'e2e',
  'scripts',
  'tooling',
].filter((tree) => existsSync(path.join(ROOT, tree)));

/** Folder -> the folders it imports, each with the imports that make the edge (file: specifier). */
type FolderGraph = Map<string, Map<string, string[]>>;

const SPECIFIER = /(?:^|[;}\s])(?:import|export)\s+(?:[^;'"]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|\brequire\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative specifiers of a file's static imports and re-exports (comments left out). */
function relativeImports(source: string): string[] {
  // Comments that open a line only: a '/*' inside a string ('src/**/*.ts') must not hide code.
  const code = source.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(SPECIFIER)].map((match) => (match[1] ?? match[2]) as string);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'sourcemaps'].includes(entry.name) ? [] : sourceFiles(file);
    return /\.(?:tsx?|[mc]?js)$/.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name) ? [file] : [];
  });
}

function folderOf(relative: string): string {
  return path.dirname(relative).split(path.sep).join('/');
}

/** The folder graph of a tree: files as (path inside the tree, source) pairs. */
function folderGraph(files: Iterable<[string, string]>): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const [file, source] of files) {
    const from = folderOf(file);
    for (const specifier of relativeImports(source)) {
      const target = path.normalize(path.join(path.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      const seen = edges.get(to) ?? [];
      const edge = `${file}: ${specifier}`;
      if (!seen.includes(edge)) edges.set(to, [...seen, edge]);
    }
  }
  return graph;
}

/** The folders that reach each other (Tarjan's strongly connected components of two or more). */
function folderCycles(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) as number);
    stack.push(folder);
    onStack.add(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(folder, Math.min(low.get(folder) as number, index.get(next) as number));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return cycles;
}

/** Each cycle's edges inside it, with the imports that make them: what a failure has to show. */
function loopEdges(graph: FolderGraph, cycles: string[][]): string[] {
  return cycles.flatMap((cycle) =>
    cycle.flatMap((from) =>
      [...(graph.get(from) ?? [])].filter(([to]) => cycle.includes(to)).map(([to, imports]) => `${from} -> ${to} (${imports.join(', ')})`),
    ),
  );
}

function treeGraph(tree: string): FolderGraph {
  const dir = path.join(ROOT, tree);
  return folderGraph(sourceFiles(dir).map((file) => [path.relative(dir, file), readFileSync(file, 'utf8')]));
}

test.each(TREES)('the folders of %s import each other in one direction only', (tree) => {
  const graph = treeGraph(tree);
  expect(loopEdges(graph, folderCycles(graph))).toEqual([]);
});

test('every source root is read, and the larger ones have folders that import each other', () => {
  expect(TREES).toEqual(expect.arrayContaining(['api/src', 'shell/src', 'mfe-catalog/src', 'libs/contracts/src', 'deploy', 'scripts']));
  for (const tree of TREES) expect(sourceFiles(path.join(ROOT, tree)).length).toBeGreaterThan(0);
  for (const tree of ['api/src', 'shell/src', 'mfe-catalog/src']) expect(treeGraph(tree).size).toBeGreaterThan(3);
});

test('reads static imports and re-exports, relative ones only, over several lines and not in comments', () => {
  const source = [
    "import { a } from '../a/one';",
    "import type { B } from '../b/two';",
    'import {',
    '  c,',
    '  d,',
    "} from './c/three';",
    "export { e } from '../e';",
    "export * from '../f/four';",
    "import '../g/side-effect';",
    "import { Module } from '@nestjs/common';",
    "// import { h } from '../h/commented';",
    "/* import { i } from '../i/commented'; */",
    "const later = import('../j/dynamic');",
    "const { k } = require('../k/common');",
  ].join('\n');
  expect(relativeImports(source)).toEqual(['../a/one', '../b/two', './c/three', '../e', '../f/four', '../g/side-effect', '../k/common']);
});

test('finds a loop through three folders and names its imports, and none in a one-way graph', () => {
  const graph = folderGraph([
    ['a/one.ts', "import { b } from '../b/two';"],
    ['b/two.ts', "import { c } from '../c/three';"],
    ['c/three.ts', "import { a } from '../a/one';\nimport { d } from '../d/four';"],
    ['d/four.ts', "import { local } from './five';"],
    ['main.ts', "import { a } from './a/one';"],
  ]);
  expect(folderCycles(graph)).toEqual([['a', 'b', 'c']]);
  expect(loopEdges(graph, folderCycles(graph))).toEqual([
    "a -> b (a/one.ts: ../b/two)",
    "b -> c (b/two.ts: ../c/three)",
    "c -> a (c/three.ts: ../a/one)",
  ]);
  graph.get('c')?.delete('a');
  expect(folderCycles(graph)).toEqual([]);
});

test('tells nested folders apart: two folders of one parent that import each other are a loop', () => {
  const graph = folderGraph([
    ['remotes/releases/routing.ts', "import { preview } from '../previews/preview';"],
    ['remotes/previews/preview.ts', "import { origins } from '../releases/routing';"],
    ['remotes/releases/local.ts', "import { routing } from './routing';"],
  ]);
  expect(folderCycles(graph)).toEqual([['remotes/previews', 'remotes/releases']]);
});
