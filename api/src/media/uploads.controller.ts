import { Controller, Delete, Get, Head, HttpException, NotFoundException, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PHOTO_LIMITS, type UploadStatus } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { RequireUser, RequireWriter } from '../auth/guards';
import { UploadsService } from './uploads.service';

/**
 * `POST /media/uploads` is the tus creation endpoint (a write: verified, unsuspended members, one
 * write budget, a quota); `HEAD`/`PATCH`/`DELETE /media/uploads/<id>` are tus's own, for the
 * uploader only; `GET /media/uploads/<id>` is the photo's state as the uploader polls it.
 */
@ApiTags('media')
@Controller('media')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Get('quota')
  @ApiBearerAuth()
  @UseGuards(RequireUser)
  @ApiOkResponse({ description: '{ usedBytes, limitBytes, maxPhotoBytes }: what a member may still upload' })
  quota(@CurrentUser() user: AuthUser): Promise<{ usedBytes: number; limitBytes: number; maxPhotoBytes: number }> {
    return this.uploads.quota(user.uid);
  }

  @Post('uploads')
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  async create(@CurrentUser() user: AuthUser, @Req() request: Request, @Res() response: Response): Promise<void> {
    const length = Number(request.headers['upload-length']);
    if (!request.headers['upload-length'] || !Number.isSafeInteger(length) || length < 0) {
      throw new HttpException('Send Upload-Length: the size of the photo in bytes', 400);
    }
    if (length > PHOTO_LIMITS.maxBytes) throw new HttpException(`A photo may be at most ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB`, 413);
    await this.uploads.assertRoomFor(user.uid, length);
    await this.uploads.tus.handle(user.uid, request, response);
  }

  @Head('uploads/:id')
  @UseGuards(RequireUser)
  async offset(@Param('id') id: string, @CurrentUser() user: AuthUser, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.uploads.ownUpload(id, user.uid);
    await this.uploads.tus.handle(user.uid, request, response);
  }

  @Patch('uploads/:id')
  @UseGuards(RequireUser)
  async append(@Param('id') id: string, @CurrentUser() user: AuthUser, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.uploads.ownUpload(id, user.uid);
    await this.uploads.tus.handle(user.uid, request, response);
  }

  @Delete('uploads/:id')
  @UseGuards(RequireUser)
  async terminate(@Param('id') id: string, @CurrentUser() user: AuthUser, @Res() response: Response): Promise<void> {
    const photo = await this.uploads.ownUpload(id, user.uid);
    if (photo.artifactId) throw new HttpException('This photo belongs to an artifact: remove it there', 409);
    await this.uploads.discard(id);
    response.status(204).setHeader('Tus-Resumable', '1.0.0');
    response.end();
  }

  @Get('uploads/:id')
  @ApiBearerAuth()
  @UseGuards(RequireUser)
  @ApiOkResponse({ description: '{ id, state: processing | ready | failed, reason?, locationRemoved, width?, height? }' })
  async status(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<UploadStatus> {
    const photo = await this.uploads.ownUpload(id, user.uid).catch(() => {
      throw new NotFoundException('Upload not found');
    });
    return this.uploads.statusOf(photo);
  }
}
