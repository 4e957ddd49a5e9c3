import { onceAMinute } from './once-a-minute-log';

test('each message is told at most once a minute; another message is told at once', () => {
  let clock = 1_000_000;
  const lines: string[] = [];
  const tell = onceAMinute((line) => lines.push(line), () => clock);
  tell('the api did not answer');
  tell('the api did not answer');
  tell('no answer within 400 ms');
  clock += 59_999;
  tell('the api did not answer');
  expect(lines).toEqual(['the api did not answer', 'no answer within 400 ms']);
  clock += 1;
  tell('the api did not answer');
  expect(lines).toEqual(['the api did not answer', 'no answer within 400 ms', 'the api did not answer']);
});

test('without a log nothing is told, and nothing fails', () => {
  expect(() => onceAMinute(undefined, Date.now)('anything')).not.toThrow();
});
