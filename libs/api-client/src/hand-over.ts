import {
  apiCallKey,
  FIRST_PAGE_ANSWERS_ID,
  firstPageCalls,
  keptPhotoPicture,
  readDocumentAnswers,
  responsiveImage,
  type DocumentAnswer,
  type DocumentAnswers,
  type ResponsiveImage,
  type ResponsiveImageOptions,
} from '@antiquarium/contracts/first-page';

// The hand-over of a first page's data across module federation's async boundary. The shell's entry
// starts the page's api calls as soon as it knows where the api is (startFirstPageCalls), in
// parallel with the shell's and the catalog's code; when the catalog's page makes the same call,
// api-client's send() takes that answer (takeHandedOver) instead of asking the api again.
//
// A first page composed on the server (docs/decisions/0010) brings its answers in the document:
// they are handed over the same way, without a call, and can also be read at once (readDocumentAnswer)
// so that the page's first render shows what the document already shows.
//
// Two copies of this module run in a tab (the entry's, bundled before the boundary, and the shared
// api-client's), so the answers live on globalThis, under one name. Only public answers are handed
// over: the calls are made without credentials, and only by a page a visit starts on.

const STORE = '__antiquariumHandOver';

/** How long an answer waits for its page; past it, the page asks the api itself (fresh data). */
export const HAND_OVER_MS = 10_000;
/** A call the shell started is abandoned after this long (as api-client's own timeout). */
export const HAND_OVER_TIMEOUT_MS = 15_000;

interface HandedOver {
  answer: Promise<Response>;
  expires: number;
  /** Set when the document brought the answer: it can be read synchronously. */
  document?: DocumentAnswer;
}

function store(): Map<string, HandedOver> {
  const box = globalThis as unknown as Record<string, Map<string, HandedOver> | undefined>;
  let answers = box[STORE];
  if (!answers) {
    answers = new Map();
    box[STORE] = answers;
  }
  return answers;
}

/** Asks the browser for an image before any element shows it (a `<link rel="preload">`). */
export type ImagePreloader = (image: ResponsiveImage) => void;

/**
 * The preload an `<img>` with the same srcset and sizes takes over: the browser picks the same
 * width for both, and the image's request is the preload's (one download, started earlier).
 */
export function preloadImageInDocument(image: ResponsiveImage): void {
  if (typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = image.src;
  if (image.srcSet && image.sizes) {
    link.imageSrcset = image.srcSet;
    link.imageSizes = image.sizes;
  }
  // A kept photo's AVIF: a browser that cannot decode the type skips the preload, as its <picture> skips the source.
  if (image.type) link.type = image.type;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * When a list's answer arrives, its first item's image (the page's LCP element on a phone) is
 * preloaded: the card that shows it renders only once the page's code has arrived, and its image
 * would start only then. A failed answer, an empty list or an image that is not an http(s) URL
 * preloads nothing.
 */
function preloadLeadImage(answer: Promise<Response>, options: ResponsiveImageOptions, preload: ImagePreloader): void {
  answer
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((body: unknown) => {
      const image = leadImageOf(Array.isArray(body) ? (body[0] as unknown) : undefined, options);
      if (image) preload(image);
    })
    .catch(() => undefined);
}

/** A kept photo's addresses as the api reads them out (checked: the answer is only JSON here). */
function isKeptPhoto(photo: unknown): photo is { url: string; srcset: string; sources: { type: string; srcset: string }[]; width: number; height: number } {
  if (!photo || typeof photo !== 'object') return false;
  const { url, srcset, sources } = photo as Record<string, unknown>;
  return typeof url === 'string' && typeof srcset === 'string' && Array.isArray(sources) && sources.every((source: unknown) => typeof (source as { type?: unknown })?.type === 'string' && typeof (source as { srcset?: unknown }).srcset === 'string');
}

/**
 * The file an item's card shows first: its cover photo's first source (the best format, which a
 * <picture> takes), else the photo's JPEGs, else its address's widths (an image the site does not keep).
 */
function leadImageOf(item: unknown, options: ResponsiveImageOptions): ResponsiveImage | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const { image, images } = item as { image?: unknown; images?: unknown };
  const photo: unknown = Array.isArray(images) ? images[0] : undefined;
  const kept = isKeptPhoto(photo) ? keptPhotoPicture(photo, options) : undefined;
  const best = kept?.sources[0];
  if (kept && best) return { src: kept.src, srcSet: best.srcSet, sizes: kept.sizes, type: best.type };
  if (kept) return kept;
  return typeof image === 'string' ? responsiveImage(image, options) : undefined;
}

function keep(answers: Map<string, HandedOver>, url: string, entry: HandedOver): void {
  answers.set(url, entry);
  const timer: unknown = setTimeout(() => {
    if (answers.get(url) === entry) answers.delete(url);
  }, HAND_OVER_MS);
  // (Node's timers keep a process alive: the tests' and a server-side render's would wait for it.)
  (timer as { unref?: () => void }).unref?.();
}

function responseOf(answer: DocumentAnswer): Response {
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { ...answer.headers, 'content-type': 'application/json' } });
}

/**
 * Starts the api calls of the page at `location` (none for a page whose data the URL does not
 * tell), and returns their URLs. A call already under way is not started twice. A call that names
 * its answer's lead image has that image preloaded as soon as the answer arrives. A call whose
 * answer the document brought (`inDocument`, by call name) is not made: that answer is handed over.
 */
export function startFirstPageCalls(
  baseUrl: string,
  location: { pathname: string; search: string },
  preload: ImagePreloader = preloadImageInDocument,
  inDocument: DocumentAnswers = {},
): string[] {
  const answers = store();
  const started: string[] = [];
  for (const call of firstPageCalls(location.pathname, location.search)) {
    const url = apiCallKey(baseUrl, call.path, call.query);
    if (answers.has(url)) continue;
    const brought = inDocument[url];
    if (brought) {
      // No expiry: it is what the page on screen already shows, however long the page's code takes
      // to arrive; it is forgotten when the visit moves on (forgetFirstPageAnswers).
      answers.set(url, { answer: Promise.resolve(responseOf(brought)), expires: Infinity, document: brought });
      continue;
    }
    // Abandoned if no answer has begun within the timeout. The timer ends with the answer's
    // headers: a signal that fired later would error the body of an answer already handed over
    // (AbortSignal.timeout did, and Node reported it as an unhandled error long after the call).
    const controller = new AbortController();
    const timeout: unknown = setTimeout(() => controller.abort(new DOMException('The early call took too long', 'TimeoutError')), HAND_OVER_TIMEOUT_MS);
    (timeout as { unref?: () => void }).unref?.();
    const answer = fetch(url, { signal: controller.signal });
    // A failed call is the page's to retry (send() asks again); it is not an unhandled rejection.
    answer.then(
      () => clearTimeout(timeout as ReturnType<typeof setTimeout>),
      () => clearTimeout(timeout as ReturnType<typeof setTimeout>),
    );
    if (call.leadImage) preloadLeadImage(answer, call.leadImage, preload);
    keep(answers, url, { answer, expires: Date.now() + HAND_OVER_MS });
    started.push(url);
  }
  return started;
}

/** The answers a composed first page carries (its FIRST_PAGE_ANSWERS_ID element), or none. */
export function answersInDocument(doc: Document = document): DocumentAnswers {
  const text = doc.getElementById(FIRST_PAGE_ANSWERS_ID)?.textContent;
  if (!text) return {};
  try {
    return readDocumentAnswers(JSON.parse(text)) ?? {};
  } catch {
    return {};
  }
}

/**
 * The answer the document brought for the call named `url`, read synchronously (not taken: a page
 * may render more than once before it settles), until the visit leaves its first page
 * (forgetFirstPageAnswers). A failed answer is never offered: the page asks again.
 */
export function readDocumentAnswer(url: string): DocumentAnswer | undefined {
  const entry = store().get(url);
  if (!entry?.document || Date.now() > entry.expires) return undefined;
  return entry.document.status >= 200 && entry.document.status < 300 ? entry.document : undefined;
}

/**
 * Drops every answer not yet taken: called when the visit leaves the page it started on, so that
 * a later visit of that page asks the api again.
 */
export function forgetFirstPageAnswers(): void {
  store().clear();
}

/**
 * Renders with `answers` readable as if a document had brought them (a frame rendered on the
 * server), and forgets them after: `render` must be synchronous, as renderToString is, so no other
 * render can see them.
 */
export function withDocumentAnswers<T>(baseUrl: string, answers: DocumentAnswers, render: () => T): T {
  const kept = store();
  const saved = new Map(kept);
  kept.clear();
  const expires = Date.now() + HAND_OVER_MS;
  for (const [url, answer] of Object.entries(answers)) {
    if (!url.startsWith(`${baseUrl.replace(/\/+$/, '')}/`)) continue;
    kept.set(url, { answer: Promise.resolve(responseOf(answer)), expires, document: answer });
  }
  try {
    return render();
  } finally {
    kept.clear();
    for (const [url, entry] of saved) kept.set(url, entry);
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * The answer to the call named `url` (apiCallKey) started by the shell, if one is waiting: a copy
 * of it, taken once. A taker aborted before the answer came (React's StrictMode runs every effect
 * twice in development) leaves it for the next. A failed call is given up, so that the taker asks
 * the api itself.
 */
export function takeHandedOver(url: string, signal?: AbortSignal): Promise<Response> | undefined {
  const answers = store();
  const entry = answers.get(url);
  if (!entry || signal?.aborted) return undefined;
  if (Date.now() > entry.expires) {
    answers.delete(url);
    return undefined;
  }
  const forget = () => {
    if (answers.get(url) === entry) answers.delete(url);
  };
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    entry.answer.then(
      (response) => {
        signal?.removeEventListener('abort', onAbort);
        if (signal?.aborted) return;
        forget();
        resolve(response.clone());
      },
      (error: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        forget();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
