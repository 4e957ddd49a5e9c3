import workspace from '../../../workspace.json';

/**
 * The remotes the shell knows by name, from the workspace description; where each lives comes from
 * runtime-config.json.
 */
export const REMOTE_NAMES: readonly string[] = workspace.frontEnds.filter((piece) => piece.role === 'remote').map((piece) => piece.name);
export type RemoteName = string;
