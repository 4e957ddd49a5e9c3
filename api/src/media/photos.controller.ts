import { pipeline } from 'node:stream/promises';
import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PHOTO_CONTENT_TYPES, PHOTO_FILE_NAME, type PhotoFormat } from '@antiquarium/contracts';
import { PhotoAccess } from './photo-access';
import { PhotoStore } from './photo-store';
import { PhotoVisibility } from './photo-visibility';

/**
 * A photo's derived files, `GET /media/photos/<hash>-<width>.<avif|webp|jpg>`: content-addressed,
 * so cached for a year, and served only while a public artifact names the photo; a hidden
 * artifact's, to its contributor and the moderators, with the grant their reads carry (`?access=`),
 * privately and until the grant ends.
 */
@ApiTags('media')
@Controller('media/photos')
export class PhotosController {
  constructor(
    private readonly store: PhotoStore,
    private readonly visibility: PhotoVisibility,
    private readonly access: PhotoAccess,
  ) {}

  @Get(':name')
  @ApiOkResponse({ description: 'The file; 404 unless a public artifact names the photo, or the grant of a hidden one is given' })
  async file(@Param('name') name: string, @Query('access') grant: unknown, @Res() response: Response): Promise<void> {
    const match = PHOTO_FILE_NAME.exec(name);
    if (!match) throw new NotFoundException('Photo not found');
    const hash = match[1] as string;
    const open = await this.visibility.isPublic(hash);
    // A grant opens the files of a photo some artifact names (never an unattached upload's).
    if (!open && !(this.access.opens(hash, grant) && (await this.visibility.isAttached(hash)))) throw new NotFoundException('Photo not found');
    const stored = await this.store.get(name);
    if (!stored) throw new NotFoundException('Photo not found');
    response.status(200);
    response.setHeader('Content-Type', PHOTO_CONTENT_TYPES[match[3] as PhotoFormat]);
    response.setHeader('Content-Length', String(stored.size));
    if (open) {
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      response.setHeader('Access-Control-Allow-Origin', '*');
    } else {
      // A hidden artifact's photo: for the one who holds the grant, never a shared cache.
      response.setHeader('Cache-Control', 'private, max-age=3600');
    }
    await pipeline(stored.body, response);
  }
}
