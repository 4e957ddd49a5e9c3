import { tokenQuery } from './artifact-query';

describe('tokenQuery', () => {
  it('one token is an equality; several add the longest as an equality beside $all', () => {
    expect(tokenQuery(['bronze'])).toBe('bronze');
    expect(tokenQuery(['mech', 'antik'])).toEqual({ $eq: 'antik', $all: ['mech', 'antik'] });
  });
});
