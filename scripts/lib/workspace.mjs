// The workspace description (workspace.json at the root), as the scripts read it.
import { readFileSync } from 'node:fs';

export const WORKSPACE = JSON.parse(readFileSync(new URL('../../workspace.json', import.meta.url), 'utf8'));

/** Every front end, the shell first: { name, folder, role, urlVariable?, framesVariable? }. */
export const FRONT_ENDS = WORKSPACE.frontEnds;
export const REMOTES = FRONT_ENDS.filter((piece) => piece.role === 'remote');
export const SHELL = FRONT_ENDS.find((piece) => piece.role === 'host');

/** A port profile of workspace.json, every port shifted by `offset`. */
export function portsOf(profile, offset = 0) {
  const ports = WORKSPACE.ports[profile];
  if (!ports) throw new Error(`workspace.json has no port profile ${profile}`);
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port + offset]));
}
