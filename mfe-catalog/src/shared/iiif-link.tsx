import { iiifDragLink } from '@antiquarium/api-client';
import { toast } from '@antiquarium/ui';
import './iiif-link.css';

export const IIIF_TEXTS = {
  title: 'IIIF',
  manifest: 'IIIF manifest',
  collection: 'IIIF collection',
  explanation: 'Open it in any IIIF viewer (Mirador, Universal Viewer, Clover) beside a museum’s: drag the link onto the viewer, or copy its address.',
  copy: 'Copy IIIF address',
  copied: 'IIIF address copied',
  copyFailed: 'Could not copy the IIIF address',
} as const;

/** The IIIF logo's four strokes (the consortium's mark, drawn small), in its colours. */
function IiifLogo() {
  return (
    <svg className="cat-iiif__logo" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M3 5v14" stroke="#2873ab" strokeWidth="3" />
      <path d="M8 5v14" stroke="#ed1d33" strokeWidth="3" />
      <path d="M13 5v14" stroke="#2873ab" strokeWidth="3" />
      <path d="M18 5v14M18 5h4M18 11h3" stroke="#ed1d33" strokeWidth="3" fill="none" />
    </svg>
  );
}

/**
 * The record's IIIF document (issue 44): a link that IIIF viewers take by drag and drop (their
 * convention reads its `manifest` parameter) and a button that copies the document's address.
 */
export function IiifLink({ url, kind }: { url: string; kind: 'manifest' | 'collection' }) {
  if (!url) return null;
  const label = kind === 'manifest' ? IIIF_TEXTS.manifest : IIIF_TEXTS.collection;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void toast('success', IIIF_TEXTS.copied);
    } catch {
      void toast('error', IIIF_TEXTS.copyFailed);
    }
  };
  return (
    <section className="cat-iiif" aria-labelledby="cat-iiif-title">
      <h2 id="cat-iiif-title" className="cat-iiif__title">
        {IIIF_TEXTS.title}
      </h2>
      <p className="cat-iiif__explanation">{IIIF_TEXTS.explanation}</p>
      <p className="cat-iiif__actions">
        <a className="aq-button cat-iiif__link" href={iiifDragLink(url)} draggable>
          <IiifLogo />
          {label}
        </a>
        <button type="button" className="aq-button" onClick={() => void copy()}>
          {IIIF_TEXTS.copy}
        </button>
      </p>
    </section>
  );
}
