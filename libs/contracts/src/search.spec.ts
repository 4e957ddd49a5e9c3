import { queryTokens, searchTokens } from './search';

describe('search tokens', () => {
  it('indexes every prefix of every word, lower-cased and without accents', () => {
    const tokens = searchTokens('Épée of Ulfberht');
    expect(tokens).toEqual(expect.arrayContaining(['e', 'ep', 'epee', 'of', 'u', 'ulfberht']));
    expect(tokens).not.toContain('Épée');
  });

  it('turns a query into its words, dropping regex characters', () => {
    expect(queryTokens('  Rosetta  .*STONE( ')).toEqual(['rosetta', 'stone']);
    expect(queryTokens('.*')).toEqual([]);
    expect(queryTokens('[a-z]+')).toEqual(['a', 'z']);
  });

  it('matches a query whose words start words of the name', () => {
    const name = searchTokens('The Antikythera Mechanism');
    expect(queryTokens('antiky mech').every((token) => name.includes(token))).toBe(true);
    expect(queryTokens('kythera').every((token) => name.includes(token))).toBe(false);
  });

  it('caps long words so a document cannot grow without bound', () => {
    const tokens = searchTokens('x'.repeat(500));
    expect(tokens).toHaveLength(24);
  });
});
