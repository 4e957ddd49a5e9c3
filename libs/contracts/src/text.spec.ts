import { textProblem, textProblemMessage } from './text';

describe('member-written text', () => {
  test.each([
    ['Rosetta Stone', null],
    ['Mästermyr Tool Chest', null],
    ['ראש הכלב', null],
    ['الحجر', null],
    ['Ōtomo no Yakamochi 大伴家持', null],
    ['Emoji 🏺 vase', null],
    ['\u200B\u200B', 'invisible'],
    ['\u200D \u2060', 'invisible'],
    ['   ', 'invisible'],
    ['\u202Egnp.exe', 'direction'],
    ['Eleanor\u2066 Hartley', 'direction'],
    ['bad \uD800 half', 'malformed'],
    ['\uDC00 trailing half', 'malformed'],
  ])('%j -> %s', (text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });

  test('a message names the field', () => {
    expect(textProblemMessage('Name', 'direction')).toBe('Name must not contain characters that change the reading direction');
    expect(textProblemMessage('Full Name', 'invisible')).toBe('Full Name must contain visible characters');
  });
});
