import { createHash } from 'node:crypto';
import { INTENT_STARTER_SCRIPT, INTENT_STARTER_SCRIPT_HASH } from './intent-starter';

// The composed document's inline script (docs/decisions/0015): it starts the shell's entry
// (data-entry) on the visitor's first intent, once; holds an activation of a control still waiting
// for its code and replays it once the control wakes; tells the page whether a session is stored; and
// once loaded and idle, has the browser fetch (not run) the entry.

type Added = [string, EventListenerOrEventListenerObject, AddEventListenerOptions | boolean | undefined];
let added: Added[];
/** The callbacks handed to requestIdleCallback, run when a test says the browser is idle. */
let idle: { callback: IdleRequestCallback; options?: IdleRequestOptions }[];
const withIdle = window as unknown as { requestIdleCallback?: (callback: IdleRequestCallback, options?: IdleRequestOptions) => number };

/** Runs the starter as the parser does, before the document's load. */
function run(entry: string | null) {
  const tag = document.createElement('script');
  if (entry !== null) tag.setAttribute('data-entry', entry);
  jest.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  new Function(INTENT_STARTER_SCRIPT)();
}

/** Runs the starter with `location` standing for the page's (jsdom does not navigate): where it was sent. */
function runAt(entry: string) {
  const assigned: string[] = [];
  const tag = document.createElement('script');
  tag.setAttribute('data-entry', entry);
  jest.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  new Function('location', INTENT_STARTER_SCRIPT)({ assign: (href: string) => assigned.push(href) });
  return assigned;
}

/** Runs the starter and makes the first intent, when it looks at the stored session. */
function runAndSettle(entry: string | null) {
  run(entry);
  fire(document.body, 'pointermove');
}

const entries = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
const prefetched = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

/** The browser going idle: the callbacks waiting for it run. */
function goIdle() {
  for (const { callback } of idle.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
}

/** The connection the browser reports (navigator.connection), or none. */
function connection(value: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

/** A pointer's click (a tap, a mouse's): its detail counts the presses, where a key's is 0. */
function tap(target: Element) {
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
}

function fire(target: EventTarget, type: string) {
  target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
}

/** A control as the server sends it: enabled, and marked as waiting for its code. */
function waiting(html: string): HTMLElement {
  document.body.innerHTML = html;
  const control = document.body.firstElementChild as HTMLElement;
  control.setAttribute('data-aq-waiting', '');
  return control;
}

/**
 * What the site's code does when it has hydrated a control (composed-frame.tsx); the replay comes a
 * task later. The starter's watch (a microtask) sets the replay's timer before this one is set, so
 * the replay has run when this resolves, however late the watch ran.
 */
async function wake(control: Element) {
  control.removeAttribute('data-aq-waiting');
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 5));
}

beforeEach(() => {
  added = [];
  idle = [];
  withIdle.requestIdleCallback = (callback: IdleRequestCallback, options?: IdleRequestOptions) => idle.push({ callback, options });
  connection(undefined);
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
  delete withIdle.requestIdleCallback;
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

test.each(['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'focusin', 'click', 'input', 'change', 'submit'])('%s is an intent', (type) => {
  run('/main.abc.js');
  fire(document.body, type);
  expect(entries()).toEqual(['/main.abc.js']);
});

test('a load, a scroll by script, a visibility change are no intent; only click and submit listeners can cancel', () => {
  run('/main.abc.js');
  fire(window, 'load');
  fire(document, 'scroll');
  fire(document, 'visibilitychange');
  expect(entries()).toEqual([]);
  expect(added.length).toBeGreaterThan(0);
  const expected = (type: string) => (type === 'click' || type === 'submit' ? true : type === 'load' ? { once: true } : { capture: true, passive: true });
  for (const [type, , options] of added) expect(options).toEqual(expected(type));
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

test('a click on a waiting button with no pointer event before it (assistive technology) starts the code and is answered once', async () => {
  const button = waiting('<button type="button"><span>Menu</span></button>');
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  (button.querySelector('span') as HTMLElement).click();
  expect(entries()).toEqual(['/main.abc.js']);
  expect(clicks).not.toHaveBeenCalled();
  await wake(button);
  expect(clicks).toHaveBeenCalledTimes(1);
  // Waking again (a re-render) replays nothing more.
  button.setAttribute('data-aq-waiting', '');
  await wake(button);
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('a waiting button is never disabled: it is focusable and its click reaches nothing before its code', async () => {
  const button = waiting('<button type="submit">Search</button>');
  const form = document.createElement('form');
  form.append(button);
  document.body.append(form);
  const submits = jest.fn((event: Event) => event.preventDefault());
  form.addEventListener('submit', submits);
  run('/main.abc.js');
  button.focus();
  expect(document.activeElement).toBe(button);
  button.click();
  expect(submits).not.toHaveBeenCalled();
  await wake(button);
  expect(submits).toHaveBeenCalledTimes(1);
});

test('a waiting checkbox ticked before its code is not ticked until the code answers the replayed click', async () => {
  const box = waiting('<input type="checkbox" aria-label="Tools">') as HTMLInputElement;
  const changes = jest.fn();
  box.addEventListener('change', changes);
  run('/main.abc.js');
  box.click();
  expect(box.checked).toBe(false);
  expect(changes).not.toHaveBeenCalled();
  await wake(box);
  expect(box.checked).toBe(true);
  expect(changes).toHaveBeenCalledTimes(1);
});

test('a form sent while its controls wait is sent again once they have all woken', async () => {
  document.body.innerHTML = '<form><input data-aq-waiting="" name="q"><select data-aq-waiting=""><option>a</option></select></form>';
  const form = document.querySelector('form') as HTMLFormElement;
  const submits = jest.fn((event: Event) => event.preventDefault());
  form.addEventListener('submit', submits);
  run('/main.abc.js');
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  expect(submits).not.toHaveBeenCalled();
  const [input, select] = [...form.querySelectorAll('[data-aq-waiting]')] as [Element, Element];
  await wake(input);
  expect(submits).not.toHaveBeenCalled();
  await wake(select);
  expect(submits).toHaveBeenCalledTimes(1);
});

test('only the last activation is replayed; a field or a link is never held', async () => {
  document.body.innerHTML = '<button type="button" data-aq-waiting="">A</button><button type="button" data-aq-waiting="">B</button><input data-aq-waiting="" aria-label="Search"><a href="#x">x</a>';
  const [first, second, input] = [...document.body.children] as [HTMLElement, HTMLElement, HTMLInputElement];
  const clicks = { first: jest.fn(), second: jest.fn(), input: jest.fn() };
  first.addEventListener('click', clicks.first);
  second.addEventListener('click', clicks.second);
  input.addEventListener('click', clicks.input);
  run('/main.abc.js');
  first.click();
  second.click();
  input.click();
  expect(clicks.input).toHaveBeenCalledTimes(1);
  const link = document.querySelector('a') as HTMLAnchorElement;
  const followed = jest.fn((event: Event) => event.preventDefault());
  link.addEventListener('click', followed);
  link.click();
  expect(followed).toHaveBeenCalledTimes(1);
  await wake(first);
  expect(clicks.first).not.toHaveBeenCalled();
  await wake(second);
  expect(clicks.second).toHaveBeenCalledTimes(1);
});

test('a waiting choice that leads to another composed page goes there at once, as a link would; nothing is replayed later', async () => {
  const choice = waiting('<button type="button" data-aq-leads-to="?type=Tools"><span>Tools</span></button>');
  const clicks = jest.fn();
  choice.addEventListener('click', clicks);
  const assigned = runAt('/main.abc.js');
  tap(choice.querySelector('span') as HTMLElement);
  expect(assigned).toEqual(['?type=Tools']);
  // The code is started too (the next page may not come: the code then answers).
  expect(entries()).toEqual(['/main.abc.js']);
  await wake(choice);
  expect(clicks).not.toHaveBeenCalled();
  // Once its code has come, the choice is the page's own: the starter leaves it alone.
  choice.click();
  expect(assigned).toEqual(['?type=Tools']);
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('once something is typed or chosen in the page, a choice that leads elsewhere is held like any other: what was typed is not lost', async () => {
  document.body.innerHTML = '<input data-aq-waiting="" aria-label="Search"><button type="button" data-aq-waiting="" data-aq-leads-to="?type=Tools">Tools</button>';
  const [input, choice] = [...document.body.children] as [HTMLInputElement, HTMLButtonElement];
  const clicks = jest.fn();
  choice.addEventListener('click', clicks);
  const assigned = runAt('/main.abc.js');
  input.value = 'sw';
  fire(input, 'input');
  tap(choice);
  expect(assigned).toEqual([]);
  expect(clicks).not.toHaveBeenCalled();
  await wake(choice);
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('a key’s or assistive technology’s click on such a choice is held (the focus stays on it), and so is a tap below the first screen', async () => {
  const choice = waiting('<button type="button" data-aq-leads-to="?type=Tools">Tools</button>');
  const clicks = jest.fn();
  choice.addEventListener('click', clicks);
  const assigned = runAt('/main.abc.js');
  // Enter or Space on a button, and a screen reader's activation, click with no pointer: detail 0.
  choice.click();
  expect(assigned).toEqual([]);
  jest.spyOn(choice, 'getBoundingClientRect').mockReturnValue({ top: 900, bottom: 940 } as DOMRect);
  tap(choice);
  expect(assigned).toEqual([]);
  await wake(choice);
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('a waiting disclosure (the phone menu) is shown and hidden at once, by a tap or a key, and its click is not replayed to the code', async () => {
  document.body.innerHTML =
    '<button type="button" data-aq-waiting="" data-aq-discloses="" aria-expanded="false" aria-controls="menu"><span>Menu</span></button><nav id="menu" data-open="false"></nav>';
  const [button, menu] = [...document.body.children] as [HTMLButtonElement, HTMLElement];
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  tap(button.querySelector('span') as HTMLElement);
  expect(entries()).toEqual(['/main.abc.js']);
  expect([button.getAttribute('aria-expanded'), menu.getAttribute('data-open')]).toEqual(['true', 'true']);
  // Enter, Space or a screen reader's activation (no pointer) is answered the same way.
  button.click();
  expect([button.getAttribute('aria-expanded'), menu.getAttribute('data-open')]).toEqual(['false', 'false']);
  tap(button);
  await wake(button);
  // The code takes the state it finds; nothing is replayed to flip it back.
  expect(clicks).not.toHaveBeenCalled();
  expect([button.getAttribute('aria-expanded'), menu.getAttribute('data-open')]).toEqual(['true', 'true']);
  // Awake, the button is the code's.
  button.click();
  expect(clicks).toHaveBeenCalledTimes(1);
  expect(button.getAttribute('aria-expanded')).toBe('true');
});

test('a disclosure whose part is not in the page is held for its code like any button', async () => {
  const button = waiting('<button type="button" data-aq-discloses="" aria-expanded="false" aria-controls="nowhere">Menu</button>');
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  tap(button);
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(clicks).not.toHaveBeenCalled();
  await wake(button);
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('a click outside any waiting control is left alone', async () => {
  document.body.innerHTML = '<p>Text</p><button type="button">Awake</button>';
  const button = document.body.querySelector('button') as HTMLElement;
  const clicks = jest.fn();
  button.addEventListener('click', clicks);
  run('/main.abc.js');
  (document.body.querySelector('p') as HTMLElement).click();
  button.click();
  expect(clicks).toHaveBeenCalledTimes(1);
});

test('nothing is prefetched before the load and the idle that follows it; then the entry is, to fetch and not run', () => {
  run('/main.abc.js');
  expect(idle).toEqual([]);
  fire(window, 'load');
  expect(prefetched()).toEqual([]);
  expect(idle).toHaveLength(1);
  expect(idle[0]?.options?.timeout).toBeGreaterThan(0);
  goIdle();
  expect(prefetched()).toEqual(['prefetch /main.abc.js']);
  expect(entries()).toEqual([]);
  // A second load event (none comes, but once is once) adds nothing.
  fire(window, 'load');
  goIdle();
  expect(prefetched()).toEqual(['prefetch /main.abc.js']);
});

test('without requestIdleCallback, a timer after the load stands in for the idle', () => {
  jest.useFakeTimers();
  try {
    delete withIdle.requestIdleCallback;
    run('/main.abc.js');
    jest.advanceTimersByTime(10_000);
    expect(prefetched()).toEqual([]);
    fire(window, 'load');
    expect(prefetched()).toEqual([]);
    jest.advanceTimersByTime(10_000);
    expect(prefetched()).toEqual(['prefetch /main.abc.js']);
  } finally {
    jest.useRealTimers();
  }
});

test('a page already loaded when the starter runs prefetches at the next idle', () => {
  run('/main.abc.js');
  jest.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  new Function(INTENT_STARTER_SCRIPT)();
  goIdle();
  expect(prefetched()).toEqual(['prefetch /main.abc.js']);
});

test.each([{ saveData: true }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }])('nothing is prefetched on a connection %p', (value) => {
  connection(value);
  run('/main.abc.js');
  fire(window, 'load');
  goIdle();
  expect(prefetched()).toEqual([]);
  fire(document.body, 'pointermove');
  expect(entries()).toEqual(['/main.abc.js']);
});

test('a 3g or 4g connection that does not ask to save data is prefetched for', () => {
  connection({ saveData: false, effectiveType: '3g' });
  run('/main.abc.js');
  fire(window, 'load');
  goIdle();
  expect(prefetched()).toEqual(['prefetch /main.abc.js']);
});

test('after the prefetch, the first intent still adds the entry once', () => {
  run('/main.abc.js');
  fire(window, 'load');
  goIdle();
  fire(document.body, 'pointermove');
  fire(document.body, 'keydown');
  expect(entries()).toEqual(['/main.abc.js']);
  expect(prefetched()).toEqual(['prefetch /main.abc.js']);
});

test('an intent before the idle makes the prefetch needless: none is added', () => {
  run('/main.abc.js');
  fire(window, 'load');
  fire(document.body, 'pointerdown');
  goIdle();
  expect(entries()).toEqual(['/main.abc.js']);
  expect(prefetched()).toEqual([]);
});

test("its hash is the script's, as a Content-Security-Policy source names an inline script", () => {
  const digest = createHash('sha256').update(Buffer.from(INTENT_STARTER_SCRIPT, 'utf8')).digest('base64');
  expect(INTENT_STARTER_SCRIPT_HASH).toBe(`sha256-${digest}`);
});
