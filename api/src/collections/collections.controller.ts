import { applyDecorators, Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Patch, Post, PipeTransform, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Collection,
  type CollectionSummary,
  type CreateCollectionResponse,
  type DeleteCollectionResponse,
  type FieldErrors,
  isObjectId,
} from '@antiquarium/contracts';
import { validateCollectionInput, validateCollectionItems, validateCollectionUpdate, type CollectionValidationResult } from '@antiquarium/contracts/validation';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalUser, RequireUser, RequireWriter } from '../auth/guards';
import { ValidationFailed } from '../common/errors';
import { collectionDoc, collectionInputDoc, collectionItemsDoc, collectionSummaryDoc, collectionUpdateDoc } from '../common/openapi';
import { setPageHeaders } from '../common/page-headers';
import { pageQuerySchema, type PageQuery } from '../common/page-query';
import { ZodPipe } from '../common/zod-pipe';
import { CollectionNotFound, CollectionsService } from './collections.service';

function valid<T>(result: CollectionValidationResult<T>): T {
  if (!result.ok) throw new ValidationFailed(result.message, result.fields as FieldErrors);
  return result.value;
}

/** A malformed id names no collection: 404 like a missing one, never a 500. */
export class CollectionIdPipe implements PipeTransform<unknown, Types.ObjectId> {
  transform(value: unknown): Types.ObjectId {
    if (!isObjectId(value, { anyCase: true })) throw new CollectionNotFound();
    return new Types.ObjectId(value);
  }
}

/** A member id as the identity service writes them (letters, digits and a few marks, at most 128). */
class MemberUidPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !/^[A-Za-z0-9_.:-]{1,128}$/.test(value)) throw new NotFoundException('Member not found');
    return value;
  }
}

/** `GET /collections`: only the public ones are listed, and the query says so. */
const publicListQuerySchema = pageQuerySchema.extend({
  visibility: z.literal('public', { error: 'visibility must be public: only public collections are listed' }),
});

const PageQueryDocs = () =>
  applyDecorators(
    ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } }),
    ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } }),
  );

/** Members' collections (docs/decisions/0014-collections.md, docs/api.md "Collections"). */
@ApiTags('collections')
@Controller()
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Post('collections')
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  @ApiBody({ schema: collectionInputDoc })
  @ApiCreatedResponse({ schema: { type: 'object', properties: { id: { type: 'string' } } } })
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser): Promise<CreateCollectionResponse> {
    const id = await this.collections.create(valid(validateCollectionInput(body)), user);
    return { id: id.toHexString() };
  }

  @Get('collections')
  @ApiQuery({ name: 'visibility', required: true, schema: { type: 'string', enum: ['public'] } })
  @PageQueryDocs()
  @ApiOkResponse({ description: 'Every public collection, in id order (new ones come last: pages stay put; the sitemap reads them)', schema: { type: 'array', items: collectionSummaryDoc } })
  async listPublic(
    @Query(new ZodPipe(publicListQuerySchema)) query: PageQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CollectionSummary[]> {
    const { items, total } = await this.collections.publicPage(query.page, query.limit);
    setPageHeaders(request, response, query.page, query.limit, total);
    return items;
  }

  @Get('collections/:id')
  @ApiBearerAuth()
  @UseGuards(OptionalUser)
  @ApiOkResponse({ description: 'A private collection is 404 for anyone but its owner', schema: collectionDoc })
  get(@Param('id', CollectionIdPipe) id: Types.ObjectId, @CurrentUser() caller: AuthUser | undefined): Promise<Collection> {
    return this.collections.get(id, caller);
  }

  @Patch('collections/:id')
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  @ApiBody({ schema: collectionUpdateDoc })
  @ApiOkResponse({ schema: collectionDoc })
  update(@Param('id', CollectionIdPipe) id: Types.ObjectId, @Body() body: unknown, @CurrentUser() user: AuthUser): Promise<Collection> {
    return this.collections.update(id, valid(validateCollectionUpdate(body)), user);
  }

  @Put('collections/:id/items')
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  @ApiBody({ schema: collectionItemsDoc })
  @ApiOkResponse({ schema: collectionDoc })
  replaceItems(@Param('id', CollectionIdPipe) id: Types.ObjectId, @Body() body: unknown, @CurrentUser() user: AuthUser): Promise<Collection> {
    return this.collections.replaceItems(id, valid(validateCollectionItems(body)), user);
  }

  @Delete('collections/:id')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  @ApiOkResponse({ schema: { type: 'object', properties: { deletedCount: { type: 'integer' } } } })
  async delete(@Param('id', CollectionIdPipe) id: Types.ObjectId, @CurrentUser() user: AuthUser): Promise<DeleteCollectionResponse> {
    return { deletedCount: await this.collections.delete(id, user) };
  }

  @Get('me/collections')
  @ApiBearerAuth()
  @UseGuards(RequireUser)
  @PageQueryDocs()
  @ApiOkResponse({ description: 'The caller’s collections, public and private, last changed first', schema: { type: 'array', items: collectionSummaryDoc } })
  async mine(
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
    @CurrentUser() user: AuthUser,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CollectionSummary[]> {
    const { items, total } = await this.collections.mine(user, query.page, query.limit);
    setPageHeaders(request, response, query.page, query.limit, total);
    return items;
  }

  @Get('members/:uid/collections')
  @PageQueryDocs()
  @ApiOkResponse({ description: 'A member’s public collections, last changed first', schema: { type: 'array', items: collectionSummaryDoc } })
  async ofMember(
    @Param('uid', MemberUidPipe) uid: string,
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CollectionSummary[]> {
    const { items, total } = await this.collections.publicOf(uid, query.page, query.limit);
    setPageHeaders(request, response, query.page, query.limit, total);
    return items;
  }
}
