import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Types } from 'mongoose';
import {
  ARTIFACT_TYPES,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_YEAR,
  MIN_YEAR,
  PAGE_HEADERS,
  SORT_OPTIONS,
  type Artifact,
  type ArtifactFacets,
  type CreateArtifactResponse,
  type DeleteArtifactResponse,
  type UpdateArtifactResponse,
} from '@antiquarium/contracts';
import { validateArtifactInput, validateArtifactUpdate } from '@antiquarium/contracts/validation';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalUser, RequireWriter } from '../auth/guards';
import { ValidationFailed } from '../common/errors';
import { ArtifactIdPipe } from '../common/object-id';
import { artifactDoc, artifactInputDoc, artifactUpdateDoc } from '../common/openapi';
import { setPageHeaders } from '../common/page-headers';
import { ZodPipe } from '../common/zod-pipe';
import { ArtifactsService } from './artifacts.service';
import { MAX_RELATED, RelatedArtifacts } from './related-artifacts';
import { filterQuerySchema, listQuerySchema, MAX_PLACE_LENGTH, type FilterQuery, type ListQuery } from './list-query';

/** The filters both the list and its facets take (docs/api.md). */
function FilterQueries(): MethodDecorator {
  const decorators = [
    ApiQuery({ name: 'search', required: false, description: 'Any word of name, short description, context, discovered by, location (accents and case folded; words ANDed)' }),
    ApiQuery({ name: 'type', required: false, enum: ARTIFACT_TYPES }),
    ApiQuery({ name: 'from', required: false, schema: { type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR }, description: 'Signed year, no year 0 (-1360 is 1360 BC): ranges overlapping [from, to]' }),
    ApiQuery({ name: 'to', required: false, schema: { type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR } }),
    ApiQuery({ name: 'within', required: false, schema: { type: 'boolean' }, description: 'true: ranges inside [from, to] instead of overlapping it' }),
    ApiQuery({ name: 'place', required: false, schema: { type: 'string', maxLength: MAX_PLACE_LENGTH }, description: 'A value of the places facet' }),
    ApiQuery({ name: 'email', required: false, description: "The caller's own email: their artifacts" }),
  ];
  return (target, key, descriptor) => {
    for (const decorate of decorators) decorate(target, key, descriptor);
  };
}

function valid<T>(result: { ok: true; value: T } | { ok: false; message: string; fields: Record<string, string | undefined> }): T {
  if (!result.ok) throw new ValidationFailed(result.message, result.fields);
  return result.value;
}

@ApiTags('artifacts')
@Controller('artifacts')
export class ArtifactsController {
  constructor(
    private readonly artifacts: ArtifactsService,
    private readonly related: RelatedArtifacts,
  ) {}

  @Get()
  @UseGuards(OptionalUser)
  @FilterQueries()
  @ApiQuery({ name: 'sort', required: false, enum: SORT_OPTIONS, description: 'Default: relevance while searching, name otherwise' })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiOkResponse({
    schema: { type: 'array', items: artifactDoc },
    description: 'X-Total-Count and X-Next-Page headers page the list; X-Did-You-Mean suggests words when a search found nothing',
  })
  async list(
    @Query(new ZodPipe(listQuerySchema)) query: ListQuery,
    @CurrentUser() caller: AuthUser | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Artifact[]> {
    const { items, total, didYouMean } = await this.artifacts.list(query, caller);
    setPageHeaders(request, response, query.page, query.limit, total);
    if (didYouMean) response.setHeader(PAGE_HEADERS.didYouMean, didYouMean);
    return items;
  }

  /** Counts beside every choice, for the same filters as the list; each facet ignores its own. */
  @Get('facets')
  @UseGuards(OptionalUser)
  @FilterQueries()
  @ApiOkResponse({ description: '{ total, types, eras, centuries, places, didYouMean } (docs/api.md)' })
  facets(@Query(new ZodPipe(filterQuerySchema)) query: FilterQuery, @CurrentUser() caller: AuthUser | undefined): Promise<ArtifactFacets> {
    return this.artifacts.facets(query, caller);
  }

  @Get(':id')
  @UseGuards(OptionalUser)
  @ApiOkResponse({ schema: artifactDoc })
  get(@Param('id', ArtifactIdPipe) id: Types.ObjectId, @CurrentUser() caller: AuthUser | undefined): Promise<Artifact> {
    return this.artifacts.get(id, caller);
  }

  /** Up to MAX_RELATED public artifacts of the same era, type or place (the details page's "Related artifacts"). */
  @Get(':id/related')
  @UseGuards(OptionalUser)
  @ApiOkResponse({
    schema: { type: 'array', maxItems: MAX_RELATED, items: artifactDoc },
    description: `At most ${MAX_RELATED}: the same type in the same era, then the same place, era, type; never the artifact itself or a hidden one. 404 as GET /artifacts/{id}`,
  })
  relatedTo(@Param('id', ArtifactIdPipe) id: Types.ObjectId, @CurrentUser() caller: AuthUser | undefined): Promise<Artifact[]> {
    return this.related.of(id, caller);
  }

  @Post()
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  @ApiBody({ schema: artifactInputDoc })
  async create(@Body() body: unknown, @CurrentUser() user: AuthUser): Promise<CreateArtifactResponse> {
    const id = await this.artifacts.create(valid(validateArtifactInput(body)), user);
    return { insertedId: id.toHexString() };
  }

  @Patch(':id')
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  @ApiBody({ schema: artifactUpdateDoc })
  async update(
    @Param('id', ArtifactIdPipe) id: Types.ObjectId,
    @Body() body: unknown,
    @CurrentUser() user: AuthUser,
  ): Promise<UpdateArtifactResponse> {
    return { modifiedCount: await this.artifacts.update(id, valid(validateArtifactUpdate(body)), user) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(RequireWriter)
  async delete(@Param('id', ArtifactIdPipe) id: Types.ObjectId, @CurrentUser() user: AuthUser): Promise<DeleteArtifactResponse> {
    return { deletedCount: await this.artifacts.delete(id, user) };
  }
}
