import { Controller, Get, Inject, Logger, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { z } from 'zod';
import { DEFAULT_RIGHTS, OPEN_DATA_CURSOR_MAX_LENGTH, OPEN_DATA_NEXT_CURSOR_HEADER } from '@antiquarium/contracts';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { ArtifactNotFound, ValidationFailed } from '../common/errors';
import { ArtifactIdPipe } from '../common/object-id';
import { ZodPipe } from '../common/zod-pipe';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { CSV_COLUMNS, csvRecord, csvRow, decodeCursor, encodeCursor, toJsonLd, toOpenDataRecord, type OpenDataAddresses } from './open-data-format';

export const OPEN_DATA_DEFAULT_LIMIT = 1000;
export const OPEN_DATA_MAX_LIMIT = 5000;
/** Artifacts read from the database at a time: the memory a stream holds is one batch. */
export const OPEN_DATA_BATCH = 200;

const openDataQuerySchema = z.object({
  cursor: z.string({ error: 'cursor must be a single text' }).max(OPEN_DATA_CURSOR_MAX_LENGTH, { error: 'cursor is not valid' }).optional(),
  limit: z
    .string({ error: 'limit must be a single number' })
    .regex(/^\d{1,5}$/, { error: `limit must be a whole number from 1 to ${OPEN_DATA_MAX_LIMIT}` })
    .transform(Number)
    .pipe(z.number().min(1, { error: `limit must be at least 1` }).max(OPEN_DATA_MAX_LIMIT, { error: `limit must be at most ${OPEN_DATA_MAX_LIMIT}` }))
    .default(OPEN_DATA_DEFAULT_LIMIT),
  format: z.enum(['jsonl', 'csv'], { error: 'format must be jsonl or csv' }).default('jsonl'),
});
type OpenDataQuery = z.output<typeof openDataQuerySchema>;

const recordQuerySchema = z.object({
  format: z.enum(['json', 'jsonld'], { error: 'format must be json or jsonld' }).default('json'),
});
type RecordQuery = z.output<typeof recordQuerySchema>;

/**
 * The open data (docs/api.md "Open data"): every public artifact's metadata, offered under CC0, no
 * key, paged by an opaque cursor in id order so that pages concatenate to the whole set once each.
 * Rate limited like every read (the client budget applies to every route).
 */
@ApiTags('open-data')
@Controller('open-data')
export class OpenDataController {
  private readonly logger = new Logger(OpenDataController.name);
  private readonly addresses: OpenDataAddresses;

  constructor(
    private readonly artifacts: ArtifactsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // The site's address (SITE_ORIGIN, else the first allowed browser origin) and the api's own.
    this.addresses = { siteOrigin: config.siteOrigin, publicApiUrl: config.publicApiUrl };
  }

  /** One public artifact's record: what the stream carries of it, or the same as schema.org JSON-LD (the IIIF manifests' seeAlso). */
  @Get('artifacts/:id')
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'jsonld'] })
  @ApiOkResponse({ description: 'application/json (the record), or application/ld+json (schema.org VisualArtwork); 404 for a hidden, missing or malformed id' })
  async record(@Param('id', ArtifactIdPipe) id: Types.ObjectId, @Query(new ZodPipe(recordQuerySchema)) query: RecordQuery, @Res() response: Response): Promise<void> {
    const doc = await this.artifacts.openDataRecord(id);
    if (!doc) throw new ArtifactNotFound();
    const record = toOpenDataRecord(doc, this.addresses, DEFAULT_RIGHTS);
    response.status(200);
    response.setHeader('Content-Type', query.format === 'jsonld' ? 'application/ld+json' : 'application/json');
    response.setHeader('Cache-Control', 'public, max-age=60');
    response.send(Buffer.from(JSON.stringify(query.format === 'jsonld' ? toJsonLd(record) : record)));
  }

  @Get('artifacts')
  @ApiQuery({ name: 'cursor', required: false, description: `The cursor of the previous page (Link rel="next" or ${OPEN_DATA_NEXT_CURSOR_HEADER})` })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: OPEN_DATA_MAX_LIMIT, default: OPEN_DATA_DEFAULT_LIMIT } })
  @ApiQuery({ name: 'format', required: false, enum: ['jsonl', 'csv'] })
  @ApiOkResponse({ description: `application/x-ndjson (one artifact a line) or text/csv; the next page in Link rel="next" and ${OPEN_DATA_NEXT_CURSOR_HEADER}` })
  async stream(@Query(new ZodPipe(openDataQuerySchema)) query: OpenDataQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    let after: Types.ObjectId | undefined;
    if (query.cursor !== undefined) {
      const id = decodeCursor(query.cursor);
      if (!id) throw new ValidationFailed('cursor is not valid: pass the cursor of a previous page, unchanged');
      after = new Types.ObjectId(id);
    }
    // The page's bounds first (ids only: 5 000 at most), so its headers can name the next page.
    const ids = await this.artifacts.publicIdsAfter(after, query.limit + 1);
    const more = ids.length > query.limit;
    const last = ids.length === 0 ? undefined : ids[Math.min(ids.length, query.limit) - 1];

    const csv = query.format === 'csv';
    response.status(200);
    response.setHeader('Content-Type', csv ? 'text/csv; charset=utf-8; header=present' : 'application/x-ndjson; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    if (more && last) {
      const cursor = encodeCursor(last.toHexString());
      const url = new URL(request.originalUrl, 'http://placeholder');
      url.searchParams.set('cursor', cursor);
      response.setHeader('Link', `<${url.pathname}${url.search}>; rel="next"`);
      response.setHeader(OPEN_DATA_NEXT_CURSOR_HEADER, cursor);
    }
    if (csv) await write(response, csvRow(CSV_COLUMNS));

    let from = after;
    try {
      while (last && !response.destroyed) {
        const batch = await this.artifacts.openDataBatch(from, last, OPEN_DATA_BATCH);
        if (batch.length === 0) break;
        let chunk = '';
        for (const doc of batch) {
          const record = toOpenDataRecord(doc, this.addresses, DEFAULT_RIGHTS);
          chunk += csv ? csvRecord(record) : `${JSON.stringify(record)}\n`;
        }
        await write(response, chunk);
        from = batch[batch.length - 1]!._id;
        if (batch.length < OPEN_DATA_BATCH) break;
      }
      response.end();
    } catch (error) {
      // Nothing sent yet: the usual error answer (503 for the database, docs/api.md "Errors").
      if (!response.headersSent) throw error;
      // The status is sent: all that is left is to cut the stream, so the client sees it incomplete.
      this.logger.warn(`open data stream cut: ${(error as Error).message}`);
      response.destroy(error as Error);
    }
  }
}

/** Writes a chunk, waiting when the client reads slower than the database answers (bounded memory). */
function write(response: Response, chunk: string): Promise<void> {
  if (response.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
