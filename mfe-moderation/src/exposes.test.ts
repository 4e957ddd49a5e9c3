import { readFileSync } from 'node:fs';
import path from 'node:path';

// The remote's public door (README.md): the shell loads these names; each default export is a page.
const config = readFileSync(path.join(__dirname, '../rspack.config.ts'), 'utf8');
const exposes = [...config.matchAll(/'\.\/(\w+)': '\.\/(src\/[\w/-]+\.tsx)'/g)].map(([, name, file]) => [name, file] as const);

test('exposes the six screens the shell routes to', () => {
  expect(exposes.map(([name]) => name)).toEqual(['Queue', 'Inbox', 'Appeals', 'Audit', 'Cases', 'Transparency']);
});

test.each(exposes)('%s has a page component as its default export', async (_name, file) => {
  const module = (await import(path.join(__dirname, '..', file ?? ''))) as { default?: unknown };
  expect(typeof module.default).toBe('function');
});
