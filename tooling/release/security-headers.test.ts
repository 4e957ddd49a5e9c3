// The shell's Content-Security-Policy (deploy/security-headers.mjs): pictures come from the site's
// own origins only (issue 42: a pasted address is copied by the api, never hot-linked).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MODULE = pathToFileURL(path.resolve(__dirname, '../../deploy/security-headers.mjs')).href;

/** The policy for a configuration, computed in a child (the module is ESM). */
function policyFor(config: unknown): string {
  const script = `import(${JSON.stringify(MODULE)}).then((m) => process.stdout.write(m.shellContentSecurityPolicy(${JSON.stringify(config)})))`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `));
  return found ? found.split(' ').slice(1) : [];
}

test('img-src names the site, the api and the remotes (and data: for placeholders, blob: for a picked photo\'s preview), never any https host', () => {
  const config = { apiUrl: 'https://api.antiquarium.example/v1', remotes: { catalog: 'https://catalog.antiquarium.example/mf-manifest.json' } };
  const sources = directive(policyFor(config), 'img-src');
  expect(sources).toEqual(["'self'", 'data:', 'blob:', 'https://api.antiquarium.example', 'https://catalog.antiquarium.example']);
  expect(sources.some((source) => source === 'https:' || source === '*' || source === 'http:')).toBe(false);
});
