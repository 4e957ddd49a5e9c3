// Preloaded into an api process a resilience test starts (`node --require <this> api/dist/main.js`)
// when PROTOTYPE_GUARD_REPORT names a file: it notes the own keys of the built-in prototypes before
// any of the api's code runs and, when the process exits, writes the keys that appeared since. A
// request that pollutes a prototype inside the api shows up there; the test process's own
// prototypes say nothing about the api's.
'use strict';
const { writeFileSync } = require('node:fs');

const report = process.env.PROTOTYPE_GUARD_REPORT;
if (report) {
  const watched = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
  const before = Object.fromEntries(Object.entries(watched).map(([name, proto]) => [name, new Set(Reflect.ownKeys(proto).map(String))]));
  process.on('exit', () => {
    const added = {};
    for (const [name, proto] of Object.entries(watched)) {
      const keys = Reflect.ownKeys(proto).map(String).filter((key) => !before[name].has(key));
      if (keys.length > 0) added[name] = keys;
    }
    writeFileSync(report, JSON.stringify({ added }));
  });
}
