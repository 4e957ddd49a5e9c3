// How busy the machine's processors were over a phase, from Linux's /proc/stat: the share the work
// used, and the share a virtual machine's host gave to others (steal). A phase near 100 % busy is
// bound by the CPU; one well below has room for other work beside it; a high steal share means the
// host, not the tests, made the phase slow (issue 46: the same phases vary by half between runs).
import { readFileSync } from 'node:fs';

/** The first line of /proc/stat (`cpu  user nice system idle iowait irq softirq steal ...`), or null where there is none. */
export function readCpuLine() {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  } catch {
    return null;
  }
}

/** The counters of a `cpu` line of /proc/stat (ticks since boot, all processors together). */
export function cpuCounters(line) {
  const [label, ...fields] = line.trim().split(/\s+/);
  if (label !== 'cpu' || fields.length < 8) throw new Error(`not the cpu line of /proc/stat: ${line}`);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.slice(0, 8).map(Number);
  return { busy: user + nice + system + irq + softirq, waiting: idle + iowait, steal };
}

/**
 * Between two `cpu` lines, the whole percentages of time busy and stolen, as `CPU 93 % busy` (and
 * `, 12 % stolen` when the host took any); null when either line is missing or no time passed.
 */
export function cpuShareBetween(before, after) {
  if (!before || !after) return null;
  const start = cpuCounters(before);
  const end = cpuCounters(after);
  const busy = end.busy - start.busy;
  const steal = end.steal - start.steal;
  const total = busy + steal + (end.waiting - start.waiting);
  if (total <= 0) return null;
  const percent = (ticks) => Math.round((100 * ticks) / total);
  return `CPU ${percent(busy)} % busy${steal > 0 ? `, ${percent(steal)} % stolen` : ''}`;
}
