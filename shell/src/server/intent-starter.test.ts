import { createHash } from 'node:crypto';
import { INTENT_STARTER_SCRIPT, INTENT_STARTER_SCRIPT_HASH } from './intent-starter';

// The composed document's inline script (docs/decisions/0015): it starts the shell's entry
// (data-entry) on the visitor's first intent, once; holds a press on a control still waiting for
// its code and replays it once the control wakes; and tells the page whether a session is stored.

type Added = [string, EventListenerOrEventListenerObject, AddEventListenerOptions | boolean | undefined];
let added: Added[];

function run(entry: string | null) {
  const tag = document.createElement('script');
  if (entry !== null) tag.setAttribute('data-entry', entry);
  jest.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  new Function(INTENT_STARTER_SCRIPT)();
}

/** Runs the starter and makes the first intent, when it looks at the stored session. */
function runAndSettle(entry: string | null) {
  run(entry);
  fire(document.body, 'pointermove');
}

const entries = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

function fire(target: EventTarget, type: string) {
  target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
}

/** A control as the server sends it: disabled and waiting for its code. */
function waiting(html: string): HTMLElement {
  document.body.innerHTML = html;
  const control = document.body.firstElementChild as HTMLElement;
  control.setAttribute('disabled', '');
  control.setAttribute('data-aq-waiting', '');
  return control;
}

/** What the site's code does when it has hydrated a control (composed-frame.tsx). */
async function wake(control: HTMLElement) {
  control.removeAttribute('disabled');
  control.removeAttribute('data-aq-waiting');
  await Promise.resolve();
}

beforeEach(() => {
  added = [];
  const original = window.addEventListener.bind(window);
  jest.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions | boolean) => {
    added.push([type, listener, options]);
    original(type, listener, options);
  });
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-aq-session');
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  for (const [type, listener, options] of added) window.removeEventListener(type, listener, options);
  jest.restoreAllMocks();
});

test('nothing starts until an intent; the first one starts the entry, once', () => {
  run('/main.abc.js');
  expect(entries()).toEqual([]);
  fire(document.body, 'pointermove');
  expect(entries()).toEqual(['/main.abc.js']);
  fire(document.body, 'keydown');
  fire(document.body, 'pointerdown');
  expect(entries()).toEqual(['/main.abc.js']);
});

test.each(['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'focusin'])('%s is an intent', (type) => {
  run('/main.abc.js');
  fire(document.body, type);
  expect(entries()).toEqual(['/main.abc.js']);
});

test('a load, a scroll by script, a visibility change are no intent; listeners are passive', () => {
  run('/main.abc.js');
  fire(window, 'load');
  fire(document, 'scroll');
  fire(document, 'visibilitychange');
  expect(entries()).toEqual([]);
  expect(added.length).toBeGreaterThan(0);
  for (const [, , options] of added) expect(options).toEqual({ capture: true, passive: true });
});

test('without an entry named, it only tells the session and listens to nothing', () => {
  run(null);
  expect(document.documentElement.getAttribute('data-aq-session')).toBe('visitor');
  expect(added).toEqual([]);
  fire(document.body, 'pointerdown');
  expect(entries()).toEqual([]);
});

test('the session is looked up on the first intent, not on load (storage is slow to open)', () => {
  const storage = jest.spyOn(window, 'localStorage', 'get');
  run('/main.abc.js');
  expect(storage).not.toHaveBeenCalled();
  expect(document.documentElement.hasAttribute('data-aq-session')).toBe(false);
  fire(document.body, 'pointermove');
  expect(storage).toHaveBeenCalledTimes(1);
  expect(document.documentElement.getAttribute('data-aq-session')).toBe('visitor');
  fire(document.body, 'keydown');
  expect(storage).toHaveBeenCalledTimes(1);
});

test("a stored Firebase session, local or per tab, makes the page a member's; any other key does not", () => {
  localStorage.setItem('firebase:authEvent:key:[DEFAULT]', '{}');
  runAndSettle('/main.abc.js');
  expect(document.documentElement.getAttribute('data-aq-session')).toBe('visitor');
  localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{"uid":"u1"}');
  runAndSettle('/main.abc.js');
  expect(document.documentElement.getAttribute('data-aq-session')).toBe('member');
  localStorage.clear();
  sessionStorage.setItem('firebase:authUser:key:[DEFAULT]', '{"uid":"u1"}');
  runAndSettle('/main.abc.js');
  expect(document.documentElement.getAttribute('data-aq-session')).toBe('member');
});

test('blocked storage counts as a member (the code decides)', () => {
  jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  runAndSettle('/main.abc.js');
  expect(document.documentElement.getAttribute('data-aq-session')).toBe('member');
});

test('a press on a waiting button, released, is replayed as one click once the button wakes', async () => {
  const button = waiting('<button type="button"><span>Like</span></button>');
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  fire(button.querySelector('span') as Element, 'pointerdown');
  expect(entries()).toEqual(['/main.abc.js']);
  fire(button, 'pointerup');
  expect(clicks).not.toHaveBeenCalled();
  await wake(button);
  expect(clicks).toHaveBeenCalledTimes(1);
  // Waking again (a re-render) replays nothing more.
  button.setAttribute('data-aq-waiting', '');
  await wake(button);
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('a touch (touchstart, touchend) is held the same way', async () => {
  const button = waiting('<button type="button">Menu</button>');
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  fire(button, 'touchstart');
  fire(button, 'touchend');
  await wake(button);
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('a press still down when the button wakes is not replayed (its own click follows)', async () => {
  const button = waiting('<button type="button">Like</button>');
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  fire(button, 'pointerdown');
  await wake(button);
  fire(button, 'pointerup');
  expect(clicks).not.toHaveBeenCalled();
});

test('a touch that became a scroll (pointercancel) is no press', async () => {
  const button = waiting('<button type="button">Like</button>');
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  fire(button, 'pointerdown');
  fire(button, 'pointercancel');
  fire(button, 'pointerup');
  await wake(button);
  expect(clicks).not.toHaveBeenCalled();
});

test('only the last press is held; a field pressed is focused when it wakes, not clicked', async () => {
  document.body.innerHTML = '<button type="button" data-aq-waiting="" disabled="">A</button><input data-aq-waiting="" disabled="" aria-label="Search">';
  const [button, input] = [...document.body.children] as [HTMLElement, HTMLElement];
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  fire(button, 'pointerdown');
  fire(input, 'pointerdown');
  fire(input, 'pointerup');
  await wake(button);
  expect(clicks).not.toHaveBeenCalled();
  await wake(input);
  expect(document.activeElement).toBe(input);
});

test('a press outside any waiting control holds nothing', async () => {
  document.body.innerHTML = '<p>Text</p><button type="button" data-aq-waiting="" disabled="">A</button>';
  const button = document.body.querySelector('button') as HTMLElement;
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  fire(document.body.querySelector('p') as Element, 'pointerdown');
  fire(document.body, 'pointerup');
  await wake(button);
  expect(clicks).not.toHaveBeenCalled();
});

test("its hash is the script's, as a Content-Security-Policy source names an inline script", () => {
  const digest = createHash('sha256').update(Buffer.from(INTENT_STARTER_SCRIPT, 'utf8')).digest('base64');
  expect(INTENT_STARTER_SCRIPT_HASH).toBe(`sha256-${digest}`);
});
