import { nameSortKey, readDate, searchTokens } from '@antiquarium/contracts';
import { placeOf } from './places';

/**
 * Which rules made a document's derived fields. Raise it when a rule changes (the date reader, the
 * gazetteer, the sort key): the start-up reconciliation then recomputes every older document.
 */
export const DERIVED_VERSION = 3;

/** What the server derives from a name: a folded sort key and the search tokens. */
export function nameFields(name: string) {
  return { nameLower: nameSortKey(name), searchTokens: searchTokens(name) };
}

/**
 * The created-at text read as a year range (docs/decisions/0006-date-model.md); nulls when it
 * cannot be read, so the artifact shows as 'Undated' and matches no year filter.
 */
export function dateFields(createdAt: string) {
  const range = readDate(createdAt);
  return {
    yearStart: range?.start ?? null,
    yearEnd: range?.end ?? null,
    datePrecision: range?.precision ?? null,
    dateQualifier: range?.qualifier ?? null,
  };
}

/** Every derived field of an artifact. A client never sends these: the server computes them. */
export function derivedFields(artifact: { name: string; createdAt: string; location: string }) {
  return { ...nameFields(artifact.name), ...dateFields(artifact.createdAt), place: placeOf(artifact.location), derivedVersion: DERIVED_VERSION };
}

/** The derived fields that follow from the fields a change touches. */
export function derivedChanges(fields: { name?: string; createdAt?: string; location?: string }) {
  return {
    ...(fields.name !== undefined ? nameFields(fields.name) : {}),
    ...(fields.createdAt !== undefined ? dateFields(fields.createdAt) : {}),
    ...(fields.location !== undefined ? { place: placeOf(fields.location) } : {}),
  };
}
