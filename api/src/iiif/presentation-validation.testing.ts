import { normalize, serialize, serializeConfigPresentation3 } from '@iiif/parser';
import { presentation3StrictUpgrade } from '@iiif/parser/strict';

/**
 * What @iiif/parser finds wrong with a IIIF Presentation 3 document, [] when nothing: the warnings of
 * its strict upgrade (language maps, metadata pairs, rights URIs, integer sizes, which items each
 * type may hold; Manifests only), a failure to normalise it (one id used for two resources of
 * different types, an unknown type), and what its serialiser writes back when it differs from the
 * document (a property it did not read as Presentation 3 is lost on the way: said here by name).
 */
export function presentation3Problems(doc: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (doc['@context'] !== 'http://iiif.io/api/presentation/3/context.json') problems.push('@context is not Presentation 3');
  if (doc['type'] === 'Manifest') {
    // Two MUSTs the parser does not check: a Manifest has at least one Canvas, each with a size.
    const canvases = Array.isArray(doc['items']) ? (doc['items'] as Record<string, unknown>[]) : [];
    if (canvases.length === 0 || canvases.some((canvas) => canvas['type'] !== 'Canvas')) problems.push('a Manifest must have at least one Canvas, and only Canvases, in items');
    for (const canvas of canvases) {
      if (![canvas['width'], canvas['height']].every((side) => Number.isInteger(side) && (side as number) > 0)) problems.push(`Canvas ${String(canvas['id'])} must have a width and a height`);
    }
    const log = { warnings: [] as string[] };
    presentation3StrictUpgrade(structuredClone(doc) as never, log);
    problems.push(...log.warnings);
  }
  let normalized: ReturnType<typeof normalize>;
  try {
    normalized = normalize(structuredClone(doc));
  } catch (error) {
    return [...problems, `normalize: ${(error as Error).message}`];
  }
  const back = serialize<Record<string, unknown>>({ entities: normalized.entities, mapping: normalized.mapping, requests: {} } as never, normalized.resource, serializeConfigPresentation3);
  for (const key of new Set([...Object.keys(doc), ...Object.keys(back)])) {
    if (JSON.stringify(sorted(doc[key])) !== JSON.stringify(sorted(back[key]))) problems.push(`${key} does not survive @iiif/parser's normalise and serialise`);
  }
  return problems;
}

/**
 * A value with its objects' keys in order (the serialiser writes them in its own), and without empty
 * lists (it writes `items: []` where a document leaves them out, and leaves out an empty list).
 */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(sorted);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, inner]) => [key, sorted(inner)] as const);
    return Object.fromEntries(entries.filter(([, inner]) => inner !== undefined).sort(([a], [b]) => a.localeCompare(b)));
  }
  return value;
}

/** The parts of the documents the tests read (only those: the validation above reads the rest). */
export type LanguageMap = Record<string, string[]>;
export interface Pair {
  label: LanguageMap;
  value: LanguageMap;
}
export interface Resource {
  id: string;
  type: string;
  label?: LanguageMap;
  summary?: LanguageMap;
  format?: string;
  profile?: string;
  width?: number;
  height?: number;
  service?: Resource[];
}
export interface Annotation extends Resource {
  motivation: string;
  target: string;
  body: Resource;
}
export interface CanvasDoc extends Resource {
  thumbnail?: Resource[];
  items?: { id: string; type: string; items: Annotation[] }[];
}
export interface ManifestDoc extends Resource {
  metadata: Pair[];
  rights: string;
  requiredStatement: Pair;
  provider: (Resource & { homepage: Resource[] })[];
  homepage: Resource[];
  seeAlso: Resource[];
  thumbnail?: Resource[];
  items: CanvasDoc[];
}
export interface CollectionDoc extends Resource {
  metadata?: Pair[];
  items: Resource[];
}
