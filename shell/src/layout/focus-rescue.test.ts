import { rescueFocusIn } from './focus-rescue';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(html: string): HTMLElement {
  document.body.innerHTML = `<main id="main-content" tabindex="-1">${html}</main>`;
  return document.getElementById('main-content') as HTMLElement;
}

test('a focused control removed with its item sends the focus to its list\'s heading, not <body>', async () => {
  const main = page('<h1>Moderation queue</h1><section><h2>Open notices</h2><ul><li><button>Record decision</button></li></ul></section>');
  const stop = rescueFocusIn(main);
  const button = main.querySelector('button') as HTMLButtonElement;
  button.focus();
  (main.querySelector('li') as HTMLElement).remove();
  await settle();
  expect(document.activeElement).toBe(main.querySelector('h2'));
  expect(main.querySelector('h2')).toHaveAttribute('tabindex', '-1');
  stop();
});

test('with its whole part gone, the page\'s heading takes it', async () => {
  const main = page('<h1>Contact inbox</h1><div><section><ul><li><button>Mark handled</button></li></ul></section></div>');
  const stop = rescueFocusIn(main);
  (main.querySelector('button') as HTMLButtonElement).focus();
  (main.querySelector('div') as HTMLElement).replaceChildren(document.createElement('p'));
  await settle();
  expect(document.activeElement).toBe(main.querySelector('h1'));
  stop();
});

test('a focus that moved on by itself, or a removal of something not focused, is left alone', async () => {
  const main = page('<h1>Queue</h1><ul><li><button>One</button></li><li><button>Two</button></li></ul><input aria-label="Kept">');
  const stop = rescueFocusIn(main);
  const [one, two] = [...main.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
  one.focus();
  two.closest('li')?.remove();
  await settle();
  expect(document.activeElement).toBe(one);
  const kept = main.querySelector('input') as HTMLInputElement;
  one.focus();
  kept.focus();
  one.closest('li')?.remove();
  await settle();
  expect(document.activeElement).toBe(kept);
  stop();
});
