// `npm test -- --affected` runs the journeys that visit a route of an affected remote
// (scripts/lib/affected.mjs): the routes are read from the shell's own route table.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/lib/affected.mjs');

/** Runs `body` (an expression over the module's exports) in a child process (it is an ES module). */
function evaluate<T>(body: string): T {
  const script = `
    const { routesByRemote, visitsAny, plannedPhases, routeTitleFilter } = await import(${JSON.stringify(MODULE)});
    const { readFileSync } = await import('node:fs');
    const routes = routesByRemote(readFileSync(${JSON.stringify(path.join(ROOT, 'shell/src/app/routes.tsx'))}, 'utf8'));
    console.log(JSON.stringify(${body}));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as T;
}

test("reads each remote's first path segments from the shell's route table, a nested table under its own segment", () => {
  const routes = evaluate<Record<string, string[]>>('Object.fromEntries(routes)');
  expect(routes['contribute']).toEqual(['add-artifact', 'update-artifact']);
  expect(routes['moderation']).toEqual(['moderation']);
  expect(routes['catalog']).toEqual(expect.arrayContaining(['', 'all-artifacts', 'artifacts', 'collections']));
  expect(routes['account']).toEqual(expect.arrayContaining(['login', 'my-artifacts', 'liked-artifacts']));
  for (const segments of Object.values(routes)) expect(segments).not.toContain('inbox');
});

test('tells whether a journey visits a segment, by a path or a template, and not by a longer name', () => {
  const cases = evaluate<boolean[]>(`[
    visitsAny("await page.goto('/add-artifact');", ['add-artifact']),
    visitsAny('await page.goto(\`/update-artifact/\${id}\`);', ['update-artifact']),
    visitsAny("await page.goto('/my-artifacts?page=2');", ['my-artifacts']),
    visitsAny("await page.goto('/my-artifacts-old');", ['my-artifacts']),
    visitsAny("await page.goto('/');", ['']),
    visitsAny("await page.goto('/all-artifacts');", ['']),
  ]`);
  expect(cases).toEqual([true, true, true, false, true, false]);
});

test('runs the api suites for an api change, the journeys when any are chosen, and the deployment suite for deploy files', () => {
  const phases = evaluate<string[][]>(`[
    plannedPhases({ api: false, journeys: [], deploy: false }),
    plannedPhases({ api: false, journeys: ['contribute-form.spec.ts'], deploy: false }),
    plannedPhases({ api: true, journeys: 'all', deploy: true }),
  ]`);
  expect(phases).toEqual([
    ['static', 'unit'],
    ['static', 'unit', 'browser'],
    ['static', 'unit', 'api', 'bench-smoke', 'resilience', 'browser', 'deploy'],
  ]);
});

test("leaves out a route-per-test journey's tests whose title names no affected route", () => {
  const left = evaluate<boolean[]>(`(() => {
    const contribute = new RegExp(routeTitleFilter(['every-page.spec.ts'], ['add-artifact', 'update-artifact']), 'i');
    const catalog = new RegExp(routeTitleFilter(['every-page.spec.ts'], ['', 'all-artifacts']), 'i');
    const title = (path) => 'chromium every-page.spec.ts Every page: axe clean member: ' + path;
    return [
      contribute.test(title('/about')),
      contribute.test(title('/add-artifact')),
      contribute.test(title('/update-artifact/:id')),
      contribute.test('chromium photos.spec.ts a photo from a phone'),
      catalog.test(title('/')),
      catalog.test(title('/all-artifacts')),
      catalog.test(title('/about')),
    ];
  })()`);
  expect(left).toEqual([true, false, false, false, false, false, true]);
});
