// Wikipedia's {{cite web}} from the same CSL-JSON item the other formats are made of. citation-js's
// own Wikipedia output (@citation-js/plugin-wikipedia-templates 0.1.0) declares a peer dependency on
// @citation-js/core ^0.6 only, so it cannot be installed beside core 0.8: this is the smallest
// formatter for the fields a record has (Template:Cite web's parameter names).
import type { CslItem } from './csl-item';

/** Template:Cite web dates as ISO 8601 (YYYY-MM-DD), which the template accepts everywhere. */
function isoDate(date: CslItem['accessed']): string | undefined {
  const parts = date?.['date-parts']?.[0];
  if (!parts?.length) return undefined;
  const [year, month, day] = parts;
  return [String(year).padStart(4, '0'), month, day]
    .filter((part) => part !== undefined)
    .map((part, index) => (index === 0 ? part : String(part).padStart(2, '0')))
    .join('-');
}

/** A value cannot end the template or start another parameter: braces as entities, `|` as {{!}}. */
function wikiValue(value: string): string {
  return value.replace(/\s+/g, ' ').trim().replace(/\{/g, '&#123;').replace(/\}/g, '&#125;').replace(/\|/g, '{{!}}');
}

export function citeWeb(item: CslItem): string {
  const parameters: [string, string | undefined][] = [
    ['title', item.title],
    ['url', item.URL],
    ['website', item['container-title']],
    ['access-date', isoDate(item.accessed)],
  ];
  const filled = parameters.filter((entry): entry is [string, string] => Boolean(entry[1]));
  return `{{cite web ${filled.map(([name, value]) => `|${name}=${wikiValue(value)}`).join(' ')}}}`;
}
