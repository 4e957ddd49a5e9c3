import { isApiAddress } from '@antiquarium/api-client';
import { isHttpUrl } from '@antiquarium/contracts';
import { useEffect, useState } from 'react';

export const PREVIEW_TEXTS = {
  empty: 'Enter an image URL to see a preview.',
  invalid: 'The preview appears once the URL is valid.',
  loading: 'Loading the preview…',
  loaded: 'The image loads correctly.',
  failed: 'The image could not be loaded from this URL. Check the link, or try another image.',
  // Another site's picture is never loaded by the page (the site's pictures are its own, and a
  // visitor's browser does not call other sites): the api copies it when the artifact is saved.
  foreign: 'This picture is on another site: Antiquarium copies it when you save, and shows its own copy from then on.',
} as const;

/** How long typing must pause before the URL is fetched (not one request per keystroke). */
export const PREVIEW_DELAY_MS = 400;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** A live preview of the image URL, saying in words whether the image loads (or that the site will copy it). */
export function ImagePreview({ url, statusId }: { url: string; statusId: string }) {
  const src = useSettled(url.trim(), PREVIEW_DELAY_MS);
  const [result, setResult] = useState<{ src: string; loaded: boolean } | null>(null);
  const valid = isHttpUrl(src);
  const own = valid && isApiAddress(src);

  let status: keyof typeof PREVIEW_TEXTS;
  if (!src) status = 'empty';
  else if (!valid) status = 'invalid';
  else if (!own) status = 'foreign';
  else if (result?.src === src) status = result.loaded ? 'loaded' : 'failed';
  else status = 'loading';

  return (
    <div className={`ctb-preview ctb-preview--${status}`}>
      <div className="ctb-preview__frame">
        {own ? (
          <img
            // A new element per URL: the load/error events always belong to the URL shown.
            key={src}
            src={src}
            alt="Preview of the artifact image"
            width={160}
            height={120}
            referrerPolicy="no-referrer"
            onLoad={() => setResult({ src, loaded: true })}
            onError={() => setResult({ src, loaded: false })}
          />
        ) : null}
      </div>
      <p id={statusId} className="ctb-preview__status" role="status">
        {PREVIEW_TEXTS[status]}
      </p>
    </div>
  );
}
