import { render } from '@testing-library/react';
import { usePageTitle } from './page-title';

function Page({ name }: { name?: string | null }) {
  usePageTitle(name);
  return null;
}

beforeEach(() => {
  document.title = 'Artifact details | Antiquarium';
});

test("a page's own name is the tab's title, and the one it replaced comes back when it goes", () => {
  const { rerender, unmount } = render(<Page name="Rosetta Stone" />);
  expect(document.title).toBe('Rosetta Stone | Antiquarium');
  rerender(<Page name="Bronze Sickle" />);
  expect(document.title).toBe('Bronze Sickle | Antiquarium');
  unmount();
  expect(document.title).toBe('Artifact details | Antiquarium');
});

test('while the name is unknown the title stays as the route set it', () => {
  render(<Page name={undefined} />);
  expect(document.title).toBe('Artifact details | Antiquarium');
});

test('a title written since (the next route) is not overwritten when the page goes', () => {
  const { unmount } = render(<Page name="Rosetta Stone" />);
  document.title = 'All Artifacts | Antiquarium';
  unmount();
  expect(document.title).toBe('All Artifacts | Antiquarium');
});
