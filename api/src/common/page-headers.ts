import type { Request, Response } from 'express';
import { PAGE_HEADERS } from '@antiquarium/contracts';

/** Page information goes in headers so the body stays the plain array that clients of the first version read. */
export function setPageHeaders(request: Request, response: Response, page: number, limit: number, total: number): void {
  response.setHeader(PAGE_HEADERS.total, String(total));
  response.setHeader(PAGE_HEADERS.page, String(page));
  response.setHeader(PAGE_HEADERS.pageSize, String(limit));
  if (page * limit < total) {
    const next = page + 1;
    response.setHeader(PAGE_HEADERS.nextPage, String(next));
    const url = new URL(request.originalUrl, 'http://placeholder');
    url.searchParams.set('page', String(next));
    response.setHeader('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
}
