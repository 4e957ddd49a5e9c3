// The packages whose install scripts `npm install` runs (scripts/install.sh), from `npm query`'s
// JSON on stdin: their names, one per line, but for the optional native modules we never load.
// re2: superstatic's optional dependency (firebase-tools' Hosting emulator; the Auth Emulator never
// loads it). No prebuilt binary can be downloaded here, so its script compiles RE2 with node-gyp:
// more than half of a clean install's time (63 of 109 s on 2 cores), for nothing. Without it,
// superstatic falls back to JavaScript's RegExp, as it is written to.
const SKIPPED = new Set(['re2']);

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const names = new Set(JSON.parse(input).map((pkg) => pkg.name));
  for (const name of [...names].filter((each) => !SKIPPED.has(each)).sort()) console.log(name);
});
