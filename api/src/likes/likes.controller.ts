import { Controller, Get, Param, Patch, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Types } from 'mongoose';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Artifact, type ToggleLikeResponse } from '@antiquarium/contracts';
import { pageQuerySchema, type PageQuery } from '../common/page-query';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { RequireUser, RequireWriter } from '../auth/guards';
import { ArtifactIdPipe } from '../common/object-id';
import { artifactDoc } from '../common/openapi';
import { setPageHeaders } from '../common/page-headers';
import { ZodPipe } from '../common/zod-pipe';
import { LikesService } from './likes.service';

@ApiTags('likes')
@ApiBearerAuth()
@Controller()
export class LikesController {
  constructor(private readonly likes: LikesService) {}

  @Patch('artifacts/toggle-like/:id')
  @UseGuards(RequireWriter)
  @ApiOkResponse({ schema: { type: 'object', properties: { liked: { type: 'boolean' }, likes: { type: 'integer' } } } })
  toggle(@Param('id', ArtifactIdPipe) id: Types.ObjectId, @CurrentUser() user: AuthUser): Promise<ToggleLikeResponse> {
    return this.likes.toggle(id, user);
  }

  @Get('liked-artifacts')
  @UseGuards(RequireUser)
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiOkResponse({ schema: { type: 'array', items: artifactDoc } })
  async liked(
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
    @CurrentUser() user: AuthUser,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Artifact[]> {
    const { items, total } = await this.likes.likedBy(user, query.page, query.limit);
    setPageHeaders(request, response, query.page, query.limit, total);
    return items;
  }
}
