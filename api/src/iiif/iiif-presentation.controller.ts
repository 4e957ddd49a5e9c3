import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Types } from 'mongoose';
import { ArtifactIdPipe } from '../common/object-id';
import { CollectionIdPipe } from '../collections/collections.controller';
import { IiifManifests } from './iiif-manifests.service';
import { PRESENTATION_CONTEXT } from './iiif-presentation';
import { sendJsonLd } from './json-ld';

/** Edits show within a minute; the documents are cheap to make again. */
const DOCUMENT_CACHE_CONTROL = 'public, max-age=60';

/**
 * The IIIF Presentation API 3.0 (docs/decisions/0023-iiif.md, docs/api.md "IIIF"): a public artifact
 * as a Manifest, a public collection as a Collection of them. Read from any site (http.ts).
 */
@ApiTags('iiif')
@Controller('iiif/3')
export class IiifPresentationController {
  constructor(private readonly manifests: IiifManifests) {}

  @Get('artifacts/:id/manifest')
  @ApiOkResponse({ description: 'The artifact as a IIIF Manifest; 404 for a hidden, missing or malformed one' })
  async manifest(@Param('id', ArtifactIdPipe) id: Types.ObjectId, @Headers('accept') accept: string | undefined, @Res() response: Response): Promise<void> {
    sendJsonLd(response, accept, PRESENTATION_CONTEXT, await this.manifests.manifest(id), DOCUMENT_CACHE_CONTROL);
  }

  @Get('collections/:id')
  @ApiOkResponse({ description: 'The public collection as a IIIF Collection of its artifacts\' manifests; 404 for a private, missing or malformed one' })
  async collection(@Param('id', CollectionIdPipe) id: Types.ObjectId, @Headers('accept') accept: string | undefined, @Res() response: Response): Promise<void> {
    sendJsonLd(response, accept, PRESENTATION_CONTEXT, await this.manifests.collection(id), DOCUMENT_CACHE_CONTROL);
  }
}
