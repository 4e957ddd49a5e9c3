import { EDITABLE_FIELDS } from '@antiquarium/contracts';
import { EMPTY_VALUES, type FormValues } from '../../shared/artifact-form/form-values';

/**
 * The add form's draft: what a member typed, kept on this device (localStorage) as they type, so
 * that Back, a link, a reload or a closed tab loses nothing; brought back on their next visit to the
 * form, until they add the artifact or discard it. Per member (another account on the same browser
 * never sees it), and forgotten after DRAFT_DAYS. Only the texts: photos live in the api's uploads,
 * which are swept, so the form asks before leaving while it holds any (add-artifact-page.tsx).
 */
export const DRAFT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const keyOf = (uid: string) => `antiquarium:add-artifact-draft:${uid}`;

interface StoredDraft {
  savedAt: number;
  values: Partial<Record<string, unknown>>;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a privacy setting): the form works, without a draft.
    return null;
  }
}

/** Whether the values hold anything the member typed or chose (the empty form's defaults do not count). */
export function hasContent(values: FormValues): boolean {
  return EDITABLE_FIELDS.some((field) => values[field].trim() !== EMPTY_VALUES[field].trim());
}

/** The member's draft, on the empty form's values; null when there is none (or it is too old, or unreadable). */
export function readDraft(uid: string, now = Date.now()): FormValues | null {
  const store = storage();
  const raw = store?.getItem(keyOf(uid));
  if (!store || !raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof stored.savedAt !== 'number' || now - stored.savedAt > DRAFT_DAYS * DAY_MS || typeof stored.values !== 'object' || !stored.values) {
      store.removeItem(keyOf(uid));
      return null;
    }
    const values = { ...EMPTY_VALUES };
    for (const field of EDITABLE_FIELDS) {
      const value = stored.values[field];
      if (typeof value === 'string') values[field] = value;
    }
    return hasContent(values) ? values : null;
  } catch {
    store.removeItem(keyOf(uid));
    return null;
  }
}

/** Keeps the values as the member's draft; an empty form removes it. */
export function writeDraft(uid: string, values: FormValues, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  if (!hasContent(values)) {
    store.removeItem(keyOf(uid));
    return;
  }
  try {
    store.setItem(keyOf(uid), JSON.stringify({ savedAt: now, values } satisfies StoredDraft));
  } catch {
    // A full storage: the form goes on; only the draft is not kept.
  }
}

export function clearDraft(uid: string): void {
  storage()?.removeItem(keyOf(uid));
}
