import OpenSeadragon from 'openseadragon';
import { Spinner } from '@antiquarium/ui';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { picturesOf, zoomOnceOpen, zoomPercent, type ZoomPicture } from './deep-zoom-pictures';

export const DEEP_ZOOM_TEXTS = {
  region: 'Deep zoom',
  tools: 'Zoom tools',
  loading: 'Loading the photos to zoom…',
  failed: 'The zoom viewer could not load this artifact’s pictures.',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  whole: 'Whole photo',
  fullScreen: 'Full screen',
  close: 'Close zoom',
  roleDescription: 'zoomable photo',
  howTo: 'Arrow keys pan, plus and minus zoom, 0 shows the whole photo. Pinch or scroll to zoom, drag to pan.',
  zoom: (percent: number) => `Zoom ${percent}%`,
} as const;

/** Each button press: one and a half times closer (or farther). */
const ZOOM_STEP = 1.5;
/** Each + or - key press (held, it repeats): a quarter closer or farther. */
const KEY_ZOOM_STEP = 1.25;
/** The keys that zoom, main keyboard and number pad: OpenSeadragon's own step is 10 % a press. */
const ZOOM_KEYS: Record<string, number> = { Equal: KEY_ZOOM_STEP, NumpadAdd: KEY_ZOOM_STEP, Minus: 1 / KEY_ZOOM_STEP, NumpadSubtract: 1 / KEY_ZOOM_STEP };

export interface DeepZoomViewerProps {
  /** The artifact's IIIF manifest: its canvases are the pictures, in the page's order. */
  manifestUrl: string;
  /** Which picture to show (the details page's thumbnails choose it). */
  index: number;
  /** The artifact's name: the label of a picture without alt text. */
  name: string;
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; pictures: ZoomPicture[] };

function useManifestPictures(manifestUrl: string, name: string): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(manifestUrl, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`manifest ${response.status}`);
        const pictures = picturesOf(await response.json(), name);
        setLoad(pictures.length > 0 ? { state: 'ready', pictures } : { state: 'failed' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [manifestUrl, name]);
  return load;
}

/**
 * Full screen as the browser offers it where it can (not an iPhone's Safari, which has it for
 * videos only), and always as the whole window, so the picture has the screen on every phone.
 */
function useFullScreen(target: React.RefObject<HTMLElement | null>) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    if (full && !document.fullscreenElement && element.requestFullscreen) {
      element.requestFullscreen().catch(() => undefined);
    }
    if (!full && document.fullscreenElement === element) void document.exitFullscreen().catch(() => undefined);
  }, [full, target]);
  useEffect(() => {
    // The browser's own way out (its Escape, a gesture) ends ours too.
    const left = () => {
      if (!document.fullscreenElement) setFull(false);
    };
    document.addEventListener('fullscreenchange', left);
    return () => document.removeEventListener('fullscreenchange', left);
  }, []);
  return [full, setFull] as const;
}

/** The viewer, and its zoom: kept while a picture opens, applied once it has (deep-zoom-pictures.ts). */
interface Viewer {
  osd: OpenSeadragon.Viewer;
  zoomBy: (factor: number) => void;
}

/**
 * OpenSeadragon over the pictures' image services, one page each, opened at `index`; its keyboard
 * zooms a quarter a press, and `onZoom` hears the zoom as a percentage of the whole photo.
 */
function createViewer(element: HTMLElement, pictures: readonly ZoomPicture[], index: number, onZoom: (percent: number) => void): Viewer {
  const osd = OpenSeadragon({
    element,
    tileSources: pictures.map((picture) => picture.info),
    sequenceMode: true,
    initialPage: Math.min(index, pictures.length - 1),
    showNavigationControl: false,
    showSequenceControl: false,
    // The api answers tiles with `Access-Control-Allow-Origin: *` (decision 0023).
    crossOriginPolicy: 'Anonymous',
    visibilityRatio: 1,
    maxZoomPixelRatio: 2,
    // An arrow press moves the picture by about a thumb's width (OpenSeadragon's 40 px is a nudge).
    pixelsPerArrowPress: 120,
    gestureSettingsTouch: { pinchToZoom: true, flickEnabled: true },
  });
  const zoom = zoomOnceOpen((factor) => {
    osd.viewport.zoomBy(factor);
    osd.viewport.applyConstraints();
  });
  osd.addHandler('canvas-key', (event) => {
    const key = event.originalEvent as globalThis.KeyboardEvent;
    const factor = ZOOM_KEYS[key.code];
    if (!factor || key.type !== 'keydown' || key.ctrlKey || key.metaKey || key.altKey) return;
    event.preventDefaultAction = true;
    zoom.zoomBy(factor);
  });
  const report = () => onZoom(zoomPercent(osd.viewport.getZoom(true), osd.viewport.getHomeZoom()));
  osd.addHandler('animation-finish', report);
  osd.addHandler('page', zoom.opening);
  osd.addHandler('open', () => {
    zoom.opened();
    report();
  });
  return { osd, zoomBy: zoom.zoomBy };
}

/**
 * The deep-zoom viewer (issue 44): OpenSeadragon over the api's IIIF Image API tiles, loaded only
 * when a person opens it. Its keyboard is OpenSeadragon's (arrows pan, + and - zoom, 0 the whole
 * photo) on its focusable surface; the buttons do the same for a pointer and a screen reader; pinch
 * and drag are OpenSeadragon's gestures. The thumbnails under it stay the page's own.
 */
export default function DeepZoomViewer({ manifestUrl, index, name, onClose }: DeepZoomViewerProps) {
  const load = useManifestPictures(manifestUrl, name);
  const frame = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const [percent, setPercent] = useState(100);
  const [full, setFull] = useFullScreen(frame);
  const pictures = load.state === 'ready' ? load.pictures : null;
  const shown = pictures ? (pictures[Math.min(index, pictures.length - 1)] ?? pictures[0]) : null;

  useEffect(() => {
    if (!pictures || !surface.current) return;
    const created = createViewer(surface.current, pictures, index, setPercent);
    viewer.current = created;
    // OpenSeadragon's surface takes the keyboard: say what it is, and put the focus on it (the
    // button that opened the viewer is gone).
    const canvas = created.osd.canvas as HTMLElement;
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-roledescription', DEEP_ZOOM_TEXTS.roleDescription);
    canvas.setAttribute('aria-describedby', 'cat-zoom-how-to');
    canvas.focus({ preventScroll: true });
    return () => {
      viewer.current = null;
      created.osd.destroy();
    };
    // Created once per set of pictures; the shown one changes by page below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pictures]);

  useEffect(() => {
    const current = viewer.current?.osd;
    if (current && pictures && current.currentPage() !== index) current.goToPage(Math.min(index, pictures.length - 1));
  }, [index, pictures]);

  useEffect(() => {
    const canvas = viewer.current?.osd.canvas as HTMLElement | undefined;
    if (canvas && shown) canvas.setAttribute('aria-label', shown.label);
  }, [shown]);

  const zoomBy = useCallback((factor: number) => viewer.current?.zoomBy(factor), []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && full) {
      // Escape leaves full screen first (and nothing else on the page hears it).
      event.stopPropagation();
      event.preventDefault();
      setFull(false);
    }
  };

  if (load.state === 'loading') return <Spinner label={DEEP_ZOOM_TEXTS.loading} />;
  if (load.state === 'failed') {
    return (
      <div className="cat-zoom cat-zoom--failed" role="alert">
        <p>{DEEP_ZOOM_TEXTS.failed}</p>
        <button type="button" className="aq-button" onClick={onClose}>
          {DEEP_ZOOM_TEXTS.close}
        </button>
      </div>
    );
  }
  return (
    <section ref={frame} className={`cat-zoom${full ? ' cat-zoom--full' : ''}`} aria-label={DEEP_ZOOM_TEXTS.region} onKeyDown={onKeyDown}>
      <div ref={surface} className="cat-zoom__surface" />
      <p className="cat-zoom__label">{shown?.label}</p>
      <p id="cat-zoom-how-to" className="aq-visually-hidden">
        {DEEP_ZOOM_TEXTS.howTo}
      </p>
      <div className="cat-zoom__tools" role="group" aria-label={DEEP_ZOOM_TEXTS.tools}>
        <button type="button" className="aq-button" onClick={() => zoomBy(ZOOM_STEP)}>
          {DEEP_ZOOM_TEXTS.zoomIn}
        </button>
        <button type="button" className="aq-button" onClick={() => zoomBy(1 / ZOOM_STEP)}>
          {DEEP_ZOOM_TEXTS.zoomOut}
        </button>
        <button type="button" className="aq-button" onClick={() => viewer.current?.osd.viewport.goHome()}>
          {DEEP_ZOOM_TEXTS.whole}
        </button>
        <button type="button" className="aq-button" aria-pressed={full} onClick={() => setFull(!full)}>
          {DEEP_ZOOM_TEXTS.fullScreen}
        </button>
        <button type="button" className="aq-button" onClick={onClose}>
          {DEEP_ZOOM_TEXTS.close}
        </button>
        <output className="cat-zoom__status" aria-live="polite">
          {DEEP_ZOOM_TEXTS.zoom(percent)}
        </output>
      </div>
    </section>
  );
}
