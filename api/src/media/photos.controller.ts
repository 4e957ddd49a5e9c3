import { pipeline } from 'node:stream/promises';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PHOTO_CONTENT_TYPES, PHOTO_FILE_NAME, type PhotoFormat } from '@antiquarium/contracts';
import { PhotoStore } from './photo-store';
import { PhotoVisibility } from './photo-visibility';

/**
 * A photo's derived files, `GET /media/photos/<hash>-<width>.<avif|webp|jpg>`: content-addressed,
 * so cached for a year, and served only while a public artifact names the photo.
 */
@ApiTags('media')
@Controller('media/photos')
export class PhotosController {
  constructor(
    private readonly store: PhotoStore,
    private readonly visibility: PhotoVisibility,
  ) {}

  @Get(':name')
  @ApiOkResponse({ description: 'The file; 404 unless a public artifact names the photo' })
  async file(@Param('name') name: string, @Res() response: Response): Promise<void> {
    const match = PHOTO_FILE_NAME.exec(name);
    if (!match || !(await this.visibility.isPublic(match[1] as string))) throw new NotFoundException('Photo not found');
    const stored = await this.store.get(name);
    if (!stored) throw new NotFoundException('Photo not found');
    response.status(200);
    response.setHeader('Content-Type', PHOTO_CONTENT_TYPES[match[3] as PhotoFormat]);
    response.setHeader('Content-Length', String(stored.size));
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('Access-Control-Allow-Origin', '*');
    await pipeline(stored.body, response);
  }
}
