// scripts/bench/latency.mjs: each hot path is loaded several times and judged on the median p99
// (issue 47), since one sample's p99 moved by a third between runs on a quiet machine.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Runs `body` (an ES module's code, `print(x)` to answer) in a child process beside the bench's modules. */
function inBench<T>(body: string): T {
  const script = `
    const { medianSample } = await import(${JSON.stringify(path.join(ROOT, 'scripts/bench/latency.mjs'))});
    const { parseArgs, resolveOptions } = await import(${JSON.stringify(path.join(ROOT, 'scripts/bench/options.mjs'))});
    const print = (value) => console.log(JSON.stringify(value));
    ${body}`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as T;
}

test('the sample whose p99 is the median is the one reported: the middle of three, the higher middle of two', () => {
  const picked = inBench<number[]>(`
    const load = (p99, rps) => ({ p50: 1, p90: 2, p99, rps, non2xx: 0, errors: 0 });
    print([
      medianSample([load(168, 1), load(34, 2), load(125, 3)]).rps,
      medianSample([load(40, 1), load(90, 2)]).rps,
      medianSample([load(77, 9)]).rps,
    ]);`);
  expect(picked).toEqual([3, 2, 9]);
});

test('three samples a path unless told; two in the smoke; --latency-samples must be a whole number', () => {
  const counts = inBench<[number, number, number, string]>(`
    const samples = (args) => resolveOptions(parseArgs(args)).latencySamples;
    let refused = '';
    try { samples(['--latency-samples', '0']); } catch (error) { refused = error.message; }
    print([samples([]), samples(['--smoke']), samples(['--latency-samples', '5']), refused]);`);
  expect(counts).toEqual([3, 2, 5, '--latency-samples must be a whole number >= 1']);
});
