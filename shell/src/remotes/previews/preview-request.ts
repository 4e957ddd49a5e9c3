import { REMOTE_NAMES, type RemoteName } from '../../config/remote-names';

/** The preview asked in this tab (kept across client-side navigation and reloads, until Exit preview). */
export const PREVIEW_KEY = 'antiquarium.preview';

export interface PreviewRequest {
  remote: RemoteName;
  version: string;
}

/**
 * `?preview=catalog@0.1.0-3f9a2b1c4d5e,account@...`, or the one asked earlier in this tab. Only read
 * here, cheaply, so that a visitor's page load pays nothing more: whether this member may preview
 * that release is decided by the registry, in preview.tsx.
 */
export function readPreviewRequest(search: string): PreviewRequest[] {
  let asked = new URLSearchParams(search).get('preview');
  try {
    if (asked) window.sessionStorage.setItem(PREVIEW_KEY, asked);
    else asked = window.sessionStorage.getItem(PREVIEW_KEY);
  } catch {
    // Storage blocked: the preview lasts as long as the parameter stays in the address.
  }
  const requests = new Map<RemoteName, string>();
  for (const part of (asked ?? '').split(',')) {
    const [remote = '', version = '', ...rest] = part.trim().split('@');
    if (rest.length === 0 && REMOTE_NAMES.includes(remote) && /^[\w.-]{1,64}$/.test(version)) requests.set(remote, version);
  }
  return [...requests].map(([remote, version]) => ({ remote, version }));
}

/** Forgets the tab's preview (Exit preview, or a preview this member may not see). */
export function forgetPreview(): void {
  try {
    window.sessionStorage.removeItem(PREVIEW_KEY);
  } catch {
    // Nothing was stored.
  }
}
