import type { Response } from 'express';

/**
 * The JSON-LD media type, for a client that asks for it (the IIIF specs' content negotiation: plain
 * JSON otherwise, which every viewer reads). `Vary: Accept` keeps shared caches from mixing the two.
 */
export function sendJsonLd(response: Response, accept: string | undefined, context: string, doc: unknown, cacheControl: string): void {
  const jsonLd = /application\/ld\+json/i.test(accept ?? '');
  response.status(200);
  response.setHeader('Content-Type', jsonLd ? `application/ld+json;profile="${context}"` : 'application/json');
  response.vary('Accept');
  response.setHeader('Cache-Control', cacheControl);
  // A Buffer: express then sends the type as set (with a string it appends a charset).
  response.send(Buffer.from(JSON.stringify(doc)));
}
