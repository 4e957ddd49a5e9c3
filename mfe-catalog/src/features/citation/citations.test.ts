import { citeWeb } from './cite-web';
import { formatCitations, toCslItem } from './citations';

// A known record, cited from the site's origin on a fixed day.
const artifact = { _id: '65f0c0ffee0000000000abcd', name: 'Bronze Mirror with Dragons' };
const item = toCslItem(artifact, 'https://antiquarium.example', new Date('2026-11-25T23:30:00Z'));
const url = 'https://antiquarium.example/artifacts/65f0c0ffee0000000000abcd';

test('the record as CSL-JSON: its permanent URL and the access date (UTC)', () => {
  expect(item).toEqual({
    id: '65f0c0ffee0000000000abcd',
    type: 'webpage',
    title: 'Bronze Mirror with Dragons',
    'container-title': 'Antiquarium',
    URL: url,
    accessed: { 'date-parts': [[2026, 11, 25]] },
  });
});

test('every format, exactly', () => {
  expect(formatCitations(item)).toEqual({
    apa: `Bronze Mirror with Dragons. (n.d.). Antiquarium. Retrieved November 25, 2026, from ${url}`,
    mla: `“Bronze Mirror with Dragons.” Antiquarium. N.p., n.d. Web. 25 Nov. 2026. <${url}>.`,
    chicago: `Antiquarium. “Bronze Mirror with Dragons.” Accessed November 25, 2026. ${url}.`,
    bibtex: [
      '@misc{Bronze,',
      '\tnote = {[Online; accessed 2026-11-25]},',
      '\ttitle = {Bronze {Mirror} with {Dragons}},',
      `\turl = {${url}},`,
      `\thowpublished = {${url}},`,
      '}',
    ].join('\n'),
    ris: ['TY  - ELEC', 'ID  - 65f0c0ffee0000000000', 'M1  - 2026/11/25/', 'TI  - Bronze Mirror with Dragons', `UR  - ${url}`, 'ER  -'].join('\n'),
    wikipedia: `{{cite web |title=Bronze Mirror with Dragons |url=${url} |website=Antiquarium |access-date=2026-11-25}}`,
  });
}, 60000);

test('{{cite web}}: a title cannot close the template or add a parameter', () => {
  const hostile = toCslItem({ _id: 'x', name: 'Pipe | and }} braces {{' }, 'https://antiquarium.example', new Date('2026-01-05T00:00:00Z'));
  expect(citeWeb(hostile)).toBe(
    '{{cite web |title=Pipe {{!}} and &#125;&#125; braces &#123;&#123; |url=https://antiquarium.example/artifacts/x |website=Antiquarium |access-date=2026-01-05}}',
  );
});
