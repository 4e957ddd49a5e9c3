import { FRAME_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { LayoutFrame } from '../layout/root-layout';

/**
 * The shell's layout around a remote's page markup, as the browser's first render shows it: the top
 * bar as it is before sign-in has answered (its space held), the page marked with FRAME_ATTRIBUTE so
 * that the browser can keep it on screen until the remote renders the page (docs/decisions/0010).
 */
export function renderLayoutFrame({ url, id, pageHtml }: { url: string; id: string; pageHtml: string }): string {
  const slot = { [FRAME_ATTRIBUTE]: id };
  const layout = renderToString(
    <MemoryRouter initialEntries={[url]}>
      <LayoutFrame>
        <div {...slot} />
      </LayoutFrame>
    </MemoryRouter>,
  );
  const empty = renderToString(<div {...slot} />);
  const at = layout.indexOf(empty);
  if (at < 0) throw new Error('The layout has no place for the page');
  return `${layout.slice(0, at)}${empty.slice(0, -'</div>'.length)}${pageHtml}</div>${layout.slice(at + empty.length)}`;
}
