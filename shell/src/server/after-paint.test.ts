import { createHash } from 'node:crypto';
import { AFTER_PAINT_SCRIPT, AFTER_PAINT_SCRIPT_HASH } from './after-paint';

// The composed document's inline script (docs/decisions/0011): it starts the shell's entry
// (data-entry) once the page has painted, once, and at once in a hidden tab.

const source = AFTER_PAINT_SCRIPT;

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

test("its hash is the script's, as a Content-Security-Policy source names an inline script", () => {
  const digest = createHash('sha256').update(Buffer.from(AFTER_PAINT_SCRIPT, 'utf8')).digest('base64');
  expect(AFTER_PAINT_SCRIPT_HASH).toBe(`sha256-${digest}`);
});
