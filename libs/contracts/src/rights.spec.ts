import { validateArtifactInput, validateArtifactUpdate } from './validation';
import { DEFAULT_RIGHTS, MAX_CREDIT_LENGTH, RIGHTS_STATEMENTS, RIGHTS_URIS, rightsStatement } from './rights';

const valid = {
  name: 'Rosetta Stone',
  image: 'https://example.org/rosetta.jpg',
  type: 'Writings',
  context: 'Ptolemaic Egypt',
  shortDescription: 'A decree in three scripts.',
  createdAt: '196 BC',
  discoveredAt: '1799',
  discoveredBy: 'Pierre-François Bouchard',
  location: 'British Museum, London',
};

describe('rights statements', () => {
  it('are the thirteen Europeana accepts, as Europeana writes their URIs', () => {
    expect(RIGHTS_URIS).toHaveLength(13);
    expect(new Set(RIGHTS_URIS).size).toBe(13);
    for (const uri of RIGHTS_URIS) expect(uri).toMatch(/^http:\/\/(creativecommons\.org\/(publicdomain|licenses)|rightsstatements\.org\/vocab)\/[A-Za-z-]+\/\d\.\d\/$/);
    expect(RIGHTS_URIS).toContain('http://creativecommons.org/publicdomain/zero/1.0/');
    expect(RIGHTS_URIS).toContain('http://rightsstatements.org/vocab/InC-EDU/1.0/');
    expect(DEFAULT_RIGHTS).toBe('http://rightsstatements.org/vocab/CNE/1.0/');
    for (const statement of RIGHTS_STATEMENTS) expect(statement.explanation).toMatch(/^[A-Z][^.]*\.$/);
  });

  it('reads an unknown or missing URI as the default statement', () => {
    expect(rightsStatement(undefined).uri).toBe(DEFAULT_RIGHTS);
    expect(rightsStatement('http://example.org/').uri).toBe(DEFAULT_RIGHTS);
    expect(rightsStatement('http://creativecommons.org/licenses/by/4.0/').label).toBe('CC BY');
  });
});

describe('rights and credit in the input', () => {
  it('leaves both out when not sent (the server applies the default)', () => {
    const result = validateArtifactInput(valid);
    expect(result.ok && 'rights' in result.value).toBe(false);
    expect(result.ok && 'credit' in result.value).toBe(false);
  });

  it('keeps a listed URI and a trimmed credit line', () => {
    const result = validateArtifactInput({ ...valid, rights: 'http://creativecommons.org/licenses/by-sa/4.0/', credit: '  Photo: Hans Hillewaert  ' });
    expect(result.ok && result.value.rights).toBe('http://creativecommons.org/licenses/by-sa/4.0/');
    expect(result.ok && result.value.credit).toBe('Photo: Hans Hillewaert');
  });

  it.each(['https://creativecommons.org/licenses/by/4.0/', 'http://creativecommons.org/licenses/by/4.0', 'CC BY', '', 42])('refuses %p as rights, at that field', (rights) => {
    const result = validateArtifactUpdate({ rights });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.rights).toMatch(/^Rights must be/);
  });

  it('bounds the credit line and refuses control characters, but takes an empty one', () => {
    expect(validateArtifactUpdate({ credit: 'x'.repeat(MAX_CREDIT_LENGTH) }).ok).toBe(true);
    const long = validateArtifactUpdate({ credit: 'x'.repeat(MAX_CREDIT_LENGTH + 1) });
    expect(!long.ok && long.fields.credit).toBe(`Credit line must be at most ${MAX_CREDIT_LENGTH} characters`);
    const control = validateArtifactUpdate({ credit: 'a\u0007b' });
    expect(!control.ok && control.fields.credit).toBe('Credit line contains invalid characters');
    const empty = validateArtifactUpdate({ credit: '   ' });
    expect(empty.ok && empty.value.credit).toBe('');
  });
});
