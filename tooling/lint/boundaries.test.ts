// The workspace's import boundaries hold by lint: ESLint, run over the real configuration
// (eslint.config.mjs) in a child process, refuses each forbidden import and accepts the allowed ones.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Case {
  file: string;
  code: string;
}

// ESLint's flat config is an ES module, which jest's module system cannot load: a plain node runs it.
const RUNNER = `
import { ESLint } from 'eslint';
const eslint = new ESLint({ cwd: process.cwd() });
const cases = JSON.parse(process.env.BOUNDARY_CASES);
const results = [];
for (const { file, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: file });
  results.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
}
console.log(JSON.stringify(results));
`;

function lint(cases: Case[]): string[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', RUNNER], {
    cwd: ROOT,
    env: { ...process.env, BOUNDARY_CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').pop() ?? '[]') as string[][];
}

const use = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;

const forbidden: Case[] = [
  { file: 'mfe-catalog/src/features/probe.ts', code: use('@antiquarium/mfe-account') },
  { file: 'mfe-catalog/src/features/probe.ts', code: use('../../../mfe-account/src/features/login/login-page') },
  { file: 'mfe-account/src/shared/probe.ts', code: use('../../../shell/src/app/routes') },
  { file: 'mfe-contribute/src/probe.ts', code: use('@antiquarium/shell') },
  { file: 'mfe-catalog/src/probe.ts', code: use('../../libs/ui/src/spinner') },
  { file: 'shell/src/remotes/probe.ts', code: use('@antiquarium/mfe-catalog') },
  { file: 'shell/src/probe.ts', code: use('../../mfe-catalog/src/features/home/home-page') },
  { file: 'libs/ui/src/probe.ts', code: use('../../../shell/src/layout/top-bar') },
  { file: 'libs/contracts/src/probe.ts', code: use('@antiquarium/api') },
  { file: 'api/src/artifacts/probe.ts', code: use('@antiquarium/ui') },
  { file: 'api/src/artifacts/probe.ts', code: use('@antiquarium/api-client') },
  { file: 'api/src/probe.ts', code: use('../../libs/contracts/src/artifact') },
];

const allowed: Case[] = [
  { file: 'mfe-catalog/src/features/probe.ts', code: use('@antiquarium/ui') },
  { file: 'mfe-catalog/src/features/home/probe.ts', code: use('../../shared/likes-label') },
  { file: 'shell/src/probe.ts', code: use('@antiquarium/auth-store') },
  { file: 'libs/api-client/src/probe.ts', code: use('@antiquarium/contracts') },
  { file: 'api/src/artifacts/probe.ts', code: use('@antiquarium/contracts') },
  { file: 'api/src/artifacts/probe.ts', code: use('@antiquarium/contracts/validation') },
];

test('every forbidden import across a boundary is refused, each with its reason', () => {
  const results = lint(forbidden);
  forbidden.forEach((probe, index) => {
    expect({ ...probe, messages: results[index] }).toEqual({ ...probe, messages: [expect.any(String)] });
  });
});

test('imports within a package and through allowed packages pass', () => {
  expect(lint(allowed)).toEqual(allowed.map(() => []));
});
