import { nameSortKey, queryTokens, searchTokens } from './search';

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

  it('sorts names as a person reads them: case and accents folded', () => {
    expect(nameSortKey('Mästermyr Tool Chest')).toBe('mastermyr tool chest');
    const names = ['Mold Gold Cape', 'Mästermyr Tool Chest', 'mask of Agamemnon', 'Épée de cour', 'Eagle brooch'];
    const sorted = [...names].sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : 1));
    expect(sorted).toEqual(['Eagle brooch', 'Épée de cour', 'mask of Agamemnon', 'Mästermyr Tool Chest', 'Mold Gold Cape']);
  });
});
