import { readFileSync } from 'node:fs';
import path from 'node:path';

// shell/public/after-paint.js: a composed document's script (docs/decisions/0011). It starts the
// shell's entry (data-entry) once the page has painted, once, and at once in a hidden tab.

const source = readFileSync(path.join(__dirname, '../public/after-paint.js'), 'utf8');

function run(entry: string | null, visibility: DocumentVisibilityState = 'visible') {
  const tag = document.createElement('script');
  if (entry !== null) tag.setAttribute('data-entry', entry);
  jest.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  jest.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  new Function(source)();
}

const entries = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

let frames: FrameRequestCallback[];

beforeEach(() => {
  jest.useFakeTimers();
  frames = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  document.head.innerHTML = '';
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('the entry starts after the next frame has painted, once', () => {
  run('/main.abc.js');
  expect(entries()).toEqual([]);
  frames.forEach((frame) => frame(0));
  expect(entries()).toEqual([]);
  jest.advanceTimersByTime(0);
  expect(entries()).toEqual(['/main.abc.js']);
  // The fallback timer finds it started.
  jest.advanceTimersByTime(1000);
  expect(entries()).toEqual(['/main.abc.js']);
});

test('without a painted frame it starts anyway, soon', () => {
  run('/main.abc.js');
  jest.advanceTimersByTime(249);
  expect(entries()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(entries()).toEqual(['/main.abc.js']);
});

test('a hidden tab (no frames) starts it at once; no entry named, nothing starts', () => {
  run('/main.abc.js', 'hidden');
  expect(entries()).toEqual(['/main.abc.js']);
  document.head.innerHTML = '';
  run(null);
  frames.forEach((frame) => frame(0));
  jest.advanceTimersByTime(1000);
  expect(entries()).toEqual([]);
});
