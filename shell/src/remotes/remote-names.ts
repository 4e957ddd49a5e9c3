/** The remotes the shell knows by name; where each lives comes from runtime-config.json. */
export const REMOTE_NAMES = ['catalog', 'account', 'contribute'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
