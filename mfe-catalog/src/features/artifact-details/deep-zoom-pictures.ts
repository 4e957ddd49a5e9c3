/** One picture of a IIIF manifest as the deep-zoom viewer shows it: its Image API service and its alt text. */
export interface ZoomPicture {
  /** The image service's info.json, which OpenSeadragon reads for the picture's size and tiles. */
  info: string;
  /** The canvas's label: the photo's alt text (the api writes it there, decision 0023). */
  label: string;
}

interface LanguageMap {
  [language: string]: string[] | undefined;
}

interface ManifestShape {
  items?: {
    label?: LanguageMap;
    items?: { items?: { body?: { service?: { id?: string; '@id'?: string; type?: string }[] } }[] }[];
  }[];
}

function firstText(label: LanguageMap | undefined): string {
  if (!label) return '';
  for (const values of Object.values(label)) {
    const text = values?.find((value) => value.trim());
    if (text) return text.trim();
  }
  return '';
}

/**
 * The pictures a Presentation 3 manifest paints, in its canvases' order (the photos' order on the
 * details page). A canvas with no image service (the empty canvas of a picture the site does not
 * keep) has nothing to zoom into and is left out.
 */
export function picturesOf(manifest: unknown, fallbackLabel: string): ZoomPicture[] {
  const items = (manifest as ManifestShape | null)?.items;
  const canvases = Array.isArray(items) ? items : [];
  const pictures: ZoomPicture[] = [];
  for (const canvas of canvases) {
    const service = canvas.items?.[0]?.items?.[0]?.body?.service?.[0];
    const id = service?.id ?? service?.['@id'];
    if (!id) continue;
    pictures.push({ info: `${id.replace(/\/$/, '')}/info.json`, label: firstText(canvas.label) || fallbackLabel });
  }
  return pictures;
}

/** The zoom as a person reads it: the share of the whole picture's fit, in percent. */
export function zoomPercent(zoom: number, homeZoom: number): number {
  if (!(zoom > 0) || !(homeZoom > 0)) return 100;
  return Math.round((zoom / homeZoom) * 100);
}

/**
 * Zoom asked for while the picture is still opening (a key pressed as the viewer appears, its
 * info.json not yet read) is kept and applied once it has opened: OpenSeadragon's opening sets the
 * view to the whole photo, so a press before it would be lost. `apply` zooms the open picture.
 */
export function zoomOnceOpen(apply: (factor: number) => void) {
  let open = false;
  let pending = 1;
  return {
    zoomBy(factor: number) {
      if (open) apply(factor);
      else pending *= factor;
    },
    /** The picture has opened: what was asked for meanwhile is applied. */
    opened() {
      open = true;
      if (pending === 1) return;
      const factor = pending;
      pending = 1;
      apply(factor);
    },
    /** Another picture is opening (a page switched to). */
    opening() {
      open = false;
    },
  };
}
