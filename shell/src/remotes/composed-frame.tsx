import { FRAME_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

// A first page composed on the server (docs/decisions/0010) arrives with the page already in #root:
// the shell's layout around the remote page's markup, marked with FRAME_ATTRIBUTE. React clears
// #root at its first commit, so the page's node is taken out beforehand and shown again, in the same
// commit, as the placeholder of that page until the remote's code has arrived and renders the page
// itself (with the data the document brought: the same markup). The pixels on screen never change.

interface ComposedFrame {
  /** The remote page id, e.g. 'catalog/Home'. */
  id: string;
  node: HTMLElement;
  /** Where the visit started: the frame shows that location only. */
  href: string;
}

let frame: ComposedFrame | undefined;

const withoutHash = (href: string) => href.replace(/#.*$/, '');

/** Keeps the composed page of `container` (if the document has one) for the page that shows it. */
export function takeComposedFrame(container: HTMLElement, href = window.location.href): void {
  const node = container.querySelector<HTMLElement>(`[${FRAME_ATTRIBUTE}]`);
  const id = node?.getAttribute(FRAME_ATTRIBUTE);
  frame = node && id ? { id, node, href } : undefined;
}

/**
 * The composed page for the remote page `id`, once: only while the visit is still where it started
 * (a later visit of that page renders it fresh).
 */
export function claimComposedFrame(id: string, href = window.location.href): HTMLElement | undefined {
  // (The hash aside: the page's own "skip to content" link changes it, not the page.)
  if (!frame || frame.id !== id || withoutHash(frame.href) !== withoutHash(href)) return undefined;
  const { node } = frame;
  frame = undefined;
  return node;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The composed page shown in place while the remote's code loads. Its links already work (they are
 * plain links); a click on one stays inside the site instead of loading a new document.
 */
export function AdoptedFrame({ node }: { node: HTMLElement }) {
  const host = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // Before the browser paints the commit that cleared #root.
  useLayoutEffect(() => {
    host.current?.append(node);
  }, [node]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || !isPlainClick(event) || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  // The host adds no box of its own (display: contents, layout.css): the page lays out as it will.
  return <div ref={host} className="aq-frame-host" onClick={onClick} />;
}
