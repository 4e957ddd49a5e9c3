import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_NAMES, type RemoteName } from '../../config/remote-names';

/** What every exposed page module provides: its screen as the default export. */
export interface RemotePageModule {
  default: ComponentType;
}

/** The version reported for a remote that runs the runtime config's manifest (no registry release). */
export const DEFAULT_VERSION = 'default';

/** The release one remote runs in this tab. */
export interface ChosenRelease {
  /** A registered release's version, or DEFAULT_VERSION. */
  version: string;
  manifestUrl: string;
  /** Set when an operator's preview replaced the release chosen at load. */
  preview?: boolean;
}

export type ChosenReleases = Record<RemoteName, ChosenRelease>;

let chosen: ChosenReleases | undefined;
let announceRegistered: () => void = () => undefined;
const registered = new Promise<void>((resolve) => {
  announceRegistered = resolve;
});
const holds = new Map<RemoteName, Promise<void>>();

/**
 * Registers every remote, once per tab: module federation keeps loading the lazy chunks of the
 * manifest it registered first, so a tab that switched releases half-way would mix two versions of
 * a remote (version skew). The first call wins; later calls change nothing and return false. Only
 * an operator's preview (previewRemote) replaces a release, before any of its modules has loaded.
 */
export function registerSiteRemotes(releases: ChosenReleases): boolean {
  if (chosen) return false;
  const remotes = REMOTE_NAMES.map((name) => {
    const release = releases[name];
    // parseRuntimeConfig already refuses a config without every remote: this is its guarantee.
    if (!release) throw new Error(`runtime-config.json names no manifest for the remote ${name}`);
    return { name, entry: release.manifestUrl };
  });
  registerRemotes(remotes);
  chosen = Object.fromEntries(REMOTE_NAMES.map((name) => [name, { ...releases[name] }])) as ChosenReleases;
  showReleases();
  announceRegistered();
  return true;
}

/** Resolves once the remotes are registered (the releases of this tab are chosen). */
export function remotesRegistered(): Promise<void> {
  return registered;
}

/** What each remote runs in this tab (undefined until registered). */
export function chosenReleases(): Readonly<ChosenReleases> | undefined {
  return chosen;
}

/**
 * `<html data-releases="catalog@0.1.0-3f9a2b1c4d5e account@default contribute@default">`: which
 * release each remote runs in this tab, for browser tests and support (read it in the dev tools).
 */
function showReleases(): void {
  if (!chosen || typeof document === 'undefined') return;
  const releases = chosen;
  document.documentElement.dataset.releases = REMOTE_NAMES.map((name) => `${name}@${releases[name]?.version}`).join(' ');
}

/** The pages of `name` wait for `until` (an operator's preview being resolved) before they load. */
export function holdRemote(name: RemoteName, until: Promise<unknown>): void {
  holds.set(
    name,
    until.then(
      () => undefined,
      () => undefined,
    ),
  );
}

/**
 * An operator's preview: `name` runs this release instead. Called while its pages are held
 * (holdRemote), so none of its modules has loaded from the release chosen at load.
 */
export function previewRemote(name: RemoteName, release: { version: string; manifestUrl: string }): void {
  if (!chosen?.[name]) throw new Error(`previewRemote(${name}) before the remotes are registered`);
  registerRemotes([{ name, entry: release.manifestUrl }], { force: true });
  chosen[name] = { version: release.version, manifestUrl: release.manifestUrl, preview: true };
  showReleases();
}

/** Resolves when the pages of `name` may load: the remotes are registered and no preview holds it. */
export async function remoteReady(name: RemoteName): Promise<void> {
  await registered;
  await holds.get(name);
}

/** Loads e.g. 'catalog/Home' (remote name / exposed module without './'). */
export async function loadRemotePage(id: string): Promise<RemotePageModule> {
  const module = await loadRemote<RemotePageModule>(id);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The module ${id} has no page to show.`);
  }
  return module;
}
