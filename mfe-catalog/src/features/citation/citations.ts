// "Cite this" (issue 28): a record's citation in six formats, made by citation-js (CSL styles run by
// citeproc-js, its BibTeX and RIS outputs) from one CSL-JSON item. This file is only reached through
// the dialog's dynamic import, so none of it weighs on a page until a reader asks for a citation.
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import mlaModule from 'style-mla';
import chicagoModule from '@citation/csl-style-chicago-note-bibliography';
import type { Artifact } from '@antiquarium/contracts';
import { citeWeb } from './cite-web';
import type { CslDate, CslItem } from './csl-item';

/** The site's name, as the record's website (container) in every citation. */
export const CITATION_SITE = 'Antiquarium';

export const CITATION_FORMATS = [
  { id: 'apa', label: 'APA' },
  { id: 'mla', label: 'MLA' },
  { id: 'chicago', label: 'Chicago' },
  { id: 'bibtex', label: 'BibTeX' },
  { id: 'ris', label: 'RIS' },
  { id: 'wikipedia', label: 'Wikipedia' },
] as const;

export type CitationFormat = (typeof CITATION_FORMATS)[number]['id'];

// A CommonJS module's default export, as the bundler or Node hands it over.
function defaultOf<T>(module: T | { default: T }): T {
  return (module as { default?: T }).default ?? (module as T);
}

// The CSL project's styles (CC BY-SA 3.0): MLA 7th edition (the only MLA style published on npm)
// and Chicago 17th edition (notes and bibliography). citation-js ships APA itself.
const csl = plugins.config.get('@csl');
if (!csl.styles.has('mla')) csl.styles.add('mla', defaultOf(mlaModule));
if (!csl.styles.has('chicago')) csl.styles.add('chicago', defaultOf(chicagoModule).content);

function cslDate(date: Date): CslDate {
  return { 'date-parts': [[date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]] };
}

/** The record's permanent URL: its details page on this site. */
export function permanentUrl(artifactId: string, origin: string): string {
  return `${origin}/artifacts/${encodeURIComponent(artifactId)}`;
}

/**
 * The record as CSL-JSON: a page of the site, read on `accessed`. It carries no publication date: a
 * record's page changes (likes, edits), and with one the APA and Chicago styles leave out the access
 * date, which a citation of a changing page needs.
 */
export function toCslItem(artifact: Pick<Artifact, '_id' | 'name'>, origin: string, accessed: Date): CslItem {
  return {
    id: artifact._id,
    type: 'webpage',
    title: artifact.name,
    'container-title': CITATION_SITE,
    URL: permanentUrl(artifact._id, origin),
    accessed: cslDate(accessed),
  };
}

/** Every format's text for one record, as plain text (what is copied). */
export function formatCitations(item: CslItem): Record<CitationFormat, string> {
  return Object.fromEntries(CITATION_FORMATS.map(({ id }) => [id, formatCitation(item, id)])) as Record<CitationFormat, string>;
}

/** One format's text: the CSL styles take a while the first time (citeproc-js compiles the style). */
export function formatCitation(item: CslItem, format: CitationFormat): string {
  const cite = new Cite(item);
  const bibliography = (template: string, append?: string) =>
    cite.format('bibliography', { format: 'text', template, lang: 'en-US', ...(append ? { append } : {}) }).trim();
  switch (format) {
    case 'apa':
      return bibliography('apa');
    case 'mla':
      // MLA 7th edition gives a web page's URL, when it is given, in angle brackets at the end.
      return bibliography('mla', ` <${item.URL}>.`);
    case 'chicago':
      return bibliography('chicago');
    case 'bibtex':
      return cite.format('bibtex', { format: 'text' }).trim();
    case 'ris':
      return cite.format('ris', { format: 'text' }).trim();
    case 'wikipedia':
      return citeWeb(item);
  }
}
