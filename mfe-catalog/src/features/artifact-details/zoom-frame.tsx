import { toast } from '@antiquarium/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const ZOOM_FRAME_TEXTS = {
  open: 'Zoom into the photo',
  loadFailed: 'The zoom viewer could not be opened. Check your connection and try again.',
} as const;

type ViewerModule = typeof import('./deep-zoom-viewer');

export interface ZoomFrameProps {
  /** The artifact's IIIF manifest; '' when it has none to the public (a hidden record), then no zoom. */
  manifestUrl: string;
  /** The photo shown (the thumbnails' choice), which the viewer opens at. */
  index: number;
  name: string;
  /** The picture as the page shows it until the viewer is opened. */
  children: ReactNode;
}

/**
 * The details page's picture with a way into deep zoom, which takes its place while open. The
 * viewer's code (OpenSeadragon) is fetched on the first press, not before (issue 44): until it has
 * come, the picture and the button stay as they are (the button says it is busy), so the focus
 * stays where the person put it.
 */
export function ZoomFrame({ manifestUrl, index, name, children }: ZoomFrameProps) {
  const [viewer, setViewer] = useState<ViewerModule | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Closing the viewer gives the focus back to the button that opened it.
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!manifestUrl) return <>{children}</>;
  const Viewer = viewer?.default;
  if (open && Viewer) return <Viewer manifestUrl={manifestUrl} index={index} name={name} onClose={() => setOpen(false)} />;

  const onClick = () => {
    if (viewer) return setOpen(true);
    if (busy) return;
    setBusy(true);
    import('./deep-zoom-viewer')
      .then((loaded) => {
        setViewer(loaded);
        setOpen(true);
      })
      .catch(() => void toast('error', ZOOM_FRAME_TEXTS.loadFailed))
      .finally(() => setBusy(false));
  };
  return (
    <div className="cat-zoom-frame">
      {children}
      <button ref={opener} type="button" className="aq-button cat-zoom-frame__open" aria-busy={busy} onClick={onClick}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15 15l6 6M10 7v6M7 10h6" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
        {ZOOM_FRAME_TEXTS.open}
      </button>
    </div>
  );
}
