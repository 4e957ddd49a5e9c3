// The rights statements an artifact's record can carry: the set Europeana accepts, each stored as
// its URI exactly as Europeana writes it (http, trailing slash). Explanations are one sentence each.

export interface RightsStatement {
  uri: string;
  /** Short label, as a badge shows it. */
  label: string;
  /** One sentence: what a reuser may do. */
  explanation: string;
}

export const RIGHTS_STATEMENTS = [
  { uri: 'http://creativecommons.org/publicdomain/mark/1.0/', label: 'Public Domain', explanation: 'Free of known copyright: anyone may reuse it for any purpose.' },
  { uri: 'http://creativecommons.org/publicdomain/zero/1.0/', label: 'CC0', explanation: 'The rights holder waived all rights: anyone may reuse it for any purpose, without credit.' },
  { uri: 'http://creativecommons.org/licenses/by/4.0/', label: 'CC BY', explanation: 'Anyone may reuse and adapt it for any purpose, crediting the author.' },
  { uri: 'http://creativecommons.org/licenses/by-sa/4.0/', label: 'CC BY-SA', explanation: 'Anyone may reuse and adapt it, crediting the author and sharing adaptations under the same licence.' },
  { uri: 'http://creativecommons.org/licenses/by-nd/4.0/', label: 'CC BY-ND', explanation: 'Anyone may reuse it unchanged for any purpose, crediting the author.' },
  { uri: 'http://creativecommons.org/licenses/by-nc/4.0/', label: 'CC BY-NC', explanation: 'Anyone may reuse and adapt it for non-commercial purposes, crediting the author.' },
  { uri: 'http://creativecommons.org/licenses/by-nc-sa/4.0/', label: 'CC BY-NC-SA', explanation: 'Non-commercial reuse and adaptation with credit, adaptations under the same licence.' },
  { uri: 'http://creativecommons.org/licenses/by-nc-nd/4.0/', label: 'CC BY-NC-ND', explanation: 'Non-commercial reuse of it unchanged, crediting the author.' },
  { uri: 'http://rightsstatements.org/vocab/InC/1.0/', label: 'In Copyright', explanation: 'Protected by copyright: reuse needs the rights holder’s permission unless the law allows it.' },
  { uri: 'http://rightsstatements.org/vocab/InC-EDU/1.0/', label: 'In Copyright - Educational Use', explanation: 'Protected by copyright, but the rights holder allows educational use.' },
  { uri: 'http://rightsstatements.org/vocab/NoC-NC/1.0/', label: 'No Copyright - Non-Commercial Use Only', explanation: 'In the public domain, but reuse is limited to non-commercial purposes by agreement.' },
  { uri: 'http://rightsstatements.org/vocab/NoC-OKLR/1.0/', label: 'No Copyright - Other Known Legal Restrictions', explanation: 'In the public domain, but other laws (cultural heritage, privacy) may restrict reuse.' },
  { uri: 'http://rightsstatements.org/vocab/CNE/1.0/', label: 'Copyright Not Evaluated', explanation: 'Nobody has checked the copyright yet: ask before reusing it.' },
] as const satisfies readonly RightsStatement[];

export type RightsUri = (typeof RIGHTS_STATEMENTS)[number]['uri'];

export const RIGHTS_URIS = RIGHTS_STATEMENTS.map((statement) => statement.uri) as [RightsUri, ...RightsUri[]];

/** The statement of a record whose contributor chose none (and of records older than the field). */
export const DEFAULT_RIGHTS: RightsUri = 'http://rightsstatements.org/vocab/CNE/1.0/';

/** The longest credit line ('Photo: British Museum, CC BY-SA'). */
export const MAX_CREDIT_LENGTH = 200;

/** The licence under which the site offers every record's metadata (the open data, the terms page). */
export const METADATA_LICENCE = { uri: 'http://creativecommons.org/publicdomain/zero/1.0/', label: 'CC0 1.0' } as const;

export function rightsStatement(uri: string | undefined | null): RightsStatement {
  return RIGHTS_STATEMENTS.find((statement) => statement.uri === uri) ?? RIGHTS_STATEMENTS.find((statement) => statement.uri === DEFAULT_RIGHTS)!;
}

export function isRightsUri(value: unknown): value is RightsUri {
  return typeof value === 'string' && (RIGHTS_URIS as readonly string[]).includes(value);
}
