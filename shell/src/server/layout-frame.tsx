import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { LayoutFrame } from '../layout/root-layout';

/** Stands for the page in the server's render; replaced by the remote's markup. */
const SLOT = '<template data-aq-page-slot=""></template>';

function PageSlot() {
  return <template data-aq-page-slot="" />;
}

/**
 * The shell's layout around a remote's page markup, as the browser's first render makes it, so that
 * the browser hydrates it (docs/decisions/0011): the top bar as it is before sign-in has answered
 * (its space held), and the page inside a Suspense boundary, where RemotePage has its own. React
 * marks that boundary in the markup (`<!--$-->…<!--/$-->`); the browser keeps the page's markup on
 * screen, dehydrated, until the remote's code has arrived and hydrates it.
 */
export function renderLayoutFrame({ url, pageHtml }: { url: string; pageHtml: string }): string {
  const layout = renderToString(
    <MemoryRouter initialEntries={[url]}>
      <LayoutFrame>
        <Suspense fallback={null}>
          <PageSlot />
        </Suspense>
      </LayoutFrame>
    </MemoryRouter>,
  );
  const at = layout.indexOf(SLOT);
  if (at < 0 || layout.indexOf(SLOT, at + 1) >= 0) throw new Error('The layout has no single place for the page');
  return `${layout.slice(0, at)}${pageHtml}${layout.slice(at + SLOT.length)}`;
}
