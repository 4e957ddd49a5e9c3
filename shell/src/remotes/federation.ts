import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_NAMES, type RemoteName } from './remote-names';

/** What every exposed page module provides: its screen as the default export. */
export interface RemotePageModule {
  default: ComponentType;
}

export function registerSiteRemotes(manifests: Record<RemoteName, string>): void {
  registerRemotes(
    REMOTE_NAMES.map((name) => {
      const entry = manifests[name];
      // parseRuntimeConfig already refuses a config without every remote: this is its guarantee.
      if (!entry) throw new Error(`runtime-config.json names no manifest for the remote ${name}`);
      return { name, entry };
    }),
  );
}

/** Loads e.g. 'catalog/Home' (remote name / exposed module without './'). */
export async function loadRemotePage(id: string): Promise<RemotePageModule> {
  const module = await loadRemote<RemotePageModule>(id);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The module ${id} has no page to show.`);
  }
  return module;
}
