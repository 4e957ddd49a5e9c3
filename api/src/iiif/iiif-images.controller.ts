import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IIIF_IMAGE_CONTEXT, IIIF_PROFILE_LINK } from './iiif-image-request';
import { IiifImages } from './iiif-images.service';
import { sendJsonLd } from './json-ld';

const PROFILE_LINK = `<${IIIF_PROFILE_LINK}>;rel="profile"`;

/**
 * The IIIF Image API 3.0, level 2 (docs/decisions/0023-iiif.md, docs/api.md "IIIF"): every picture a
 * public artifact shows, by its image id (a photo's hash, or `cover-<artifact id>`). Read from any
 * site: http.ts answers /iiif with `Access-Control-Allow-Origin: *`.
 */
@ApiTags('iiif')
@Controller('iiif/3')
export class IiifImagesController {
  constructor(private readonly images: IiifImages) {}

  @Get(':id')
  @ApiOkResponse({ description: '303 to the image\'s info.json (baseUriRedirect); 404 unless a public artifact shows the picture' })
  async base(@Param('id') id: string, @Res() response: Response): Promise<void> {
    await this.images.assertPublic(id);
    response.redirect(303, `${this.images.serviceId(id)}/info.json`);
  }

  @Get(':id/info.json')
  @ApiOkResponse({ description: 'The Image Information document (application/json, or JSON-LD when asked for)' })
  async info(@Param('id') id: string, @Headers('accept') accept: string | undefined, @Res() response: Response): Promise<void> {
    const { doc, cacheControl } = await this.images.info(id);
    response.setHeader('Link', PROFILE_LINK);
    sendJsonLd(response, accept, IIIF_IMAGE_CONTEXT, doc, cacheControl);
  }

  @Get(':id/:region/:size/:rotation/:file')
  @ApiOkResponse({ description: 'The image: {region}/{size}/{rotation}/{quality}.{format}; 400 naming a bad part' })
  async image(
    @Param('id') id: string,
    @Param('region') region: string,
    @Param('size') size: string,
    @Param('rotation') rotation: string,
    @Param('file') file: string,
    @Res() response: Response,
  ): Promise<void> {
    const answer = await this.images.image(id, { region, size, rotation, file });
    response.status(200);
    response.setHeader('Content-Type', answer.contentType);
    response.setHeader('Content-Length', String(answer.body.length));
    response.setHeader('Cache-Control', answer.cacheControl);
    response.setHeader('Link', PROFILE_LINK);
    response.end(answer.body);
  }
}
