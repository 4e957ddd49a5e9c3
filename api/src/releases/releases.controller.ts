import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiNoContentResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { TELEMETRY_TICKET_HEADER, type PrunableReleases, type Release, type ReleaseRemote, type ReleaseStatus, type RemoteRoutingChange } from '@antiquarium/contracts';
import { ZodPipe } from '../common/zod-pipe';
import { DeployOrOperator, RequireDeployToken } from './release-guards';
import {
  prunableDoc,
  promoteInputDoc,
  promoteRefusalInputDoc,
  releaseDoc,
  releaseInputDoc,
  removeInputDoc,
  rollbackInputDoc,
  routingChangeDoc,
  routingDoc,
  statusDoc,
  telemetryInputDoc,
} from './release-docs';
import {
  promoteInputSchema,
  promoteRefusalInputSchema,
  prunableQuerySchema,
  releaseInputSchema,
  removeInputSchema,
  rollbackInputSchema,
  telemetryInputSchema,
  type PromoteInputBody,
  type PromoteRefusalInputBody,
  type PrunableQuery,
  type ReleaseInputBody,
  type RemoveInputBody,
  type RollbackInputBody,
} from './release-input';
import { ReleaseRemotePipe, ReleaseVersionPipe } from './release-params';
import { ReleaseStatusService } from './release-status.service';
import { ReleaseTelemetryService } from './release-telemetry.service';
import { ReleasesService } from './releases.service';
import { etagMatches, ROUTING_CACHE_CONTROL, ROUTING_CDN_CACHE_CONTROL, RoutingService } from './routing.service';
import { parseTelemetryBody } from './telemetry-body';

const telemetryPipe = new ZodPipe(telemetryInputSchema);

// Route order matters: the fixed paths (telemetry, routing) come before the ':remote' ones.
@ApiTags('releases')
@Controller('releases')
export class ReleasesController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly routing: RoutingService,
    private readonly statuses: ReleaseStatusService,
    private readonly telemetry: ReleaseTelemetryService,
  ) {}

  /** The shell's beacons: from the site's pages, under a ticket, within a telemetry budget of their own. */
  @Post('telemetry')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiBody({ schema: telemetryInputDoc, description: 'application/json or text/plain (navigator.sendBeacon), at most 16 KB' })
  @ApiNoContentResponse({ description: 'Recorded: what the ticket allows, once; the rest is dropped' })
  @ApiResponse({ status: 403, description: 'Another origin than the site, or a ticket that is not valid' })
  async recordTelemetry(@Req() request: Request): Promise<void> {
    await this.telemetry.admit(request);
    await this.telemetry.record(telemetryPipe.transform(parseTelemetryBody(request)));
  }

  /** Public and cacheable: what every shell reads before it loads a remote. */
  @Get('routing')
  @ApiOkResponse({ schema: routingDoc, description: 'Cache-Control and a strong ETag; If-None-Match answers 304; a Telemetry-Ticket header on both' })
  async currentRouting(@Req() request: Request, @Res() response: Response): Promise<void> {
    const served = await this.routing.current();
    response.setHeader('Cache-Control', ROUTING_CACHE_CONTROL);
    response.setHeader('CDN-Cache-Control', ROUTING_CDN_CACHE_CONTROL);
    response.setHeader('ETag', served.etag);
    const ticket = this.routing.ticketFor(served, request.ip ?? request.socket.remoteAddress ?? 'unknown');
    if (ticket) response.setHeader(TELEMETRY_TICKET_HEADER, ticket);
    if (etagMatches(request.headers['if-none-match'], served.etag)) {
      response.status(HttpStatus.NOT_MODIFIED).end();
      return;
    }
    response.status(HttpStatus.OK).type('application/json').send(served.body);
  }

  @Get()
  @UseGuards(DeployOrOperator)
  @ApiBearerAuth('deploy-token')
  @ApiBearerAuth()
  @ApiOkResponse({ schema: statusDoc })
  status(): Promise<ReleaseStatus> {
    return this.statuses.status();
  }

  @Post(':remote')
  @UseGuards(RequireDeployToken)
  @ApiBearerAuth('deploy-token')
  @ApiBody({ schema: releaseInputDoc })
  @ApiResponse({ status: 201, schema: releaseDoc, description: 'Published' })
  @ApiOkResponse({ schema: releaseDoc, description: 'Already published with the same manifestUrl (409 with another)' })
  async publish(
    @Param('remote', ReleaseRemotePipe) remote: ReleaseRemote,
    @Body(new ZodPipe(releaseInputSchema)) input: ReleaseInputBody,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Release> {
    const { release, created } = await this.releases.publish(remote, input);
    response.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return release;
  }

  @Post(':remote/promote')
  @HttpCode(HttpStatus.OK)
  @UseGuards(RequireDeployToken)
  @ApiBearerAuth('deploy-token')
  @ApiBody({ schema: promoteInputDoc })
  @ApiOkResponse({ schema: routingChangeDoc })
  promote(@Param('remote', ReleaseRemotePipe) remote: ReleaseRemote, @Body(new ZodPipe(promoteInputSchema)) input: PromoteInputBody): Promise<RemoteRoutingChange> {
    return this.releases.promote(remote, input);
  }

  @Post(':remote/rollback')
  @HttpCode(HttpStatus.OK)
  @UseGuards(RequireDeployToken)
  @ApiBearerAuth('deploy-token')
  @ApiBody({ schema: rollbackInputDoc, required: false })
  @ApiOkResponse({ schema: routingChangeDoc })
  rollback(@Param('remote', ReleaseRemotePipe) remote: ReleaseRemote, @Body(new ZodPipe(rollbackInputSchema)) input: RollbackInputBody): Promise<RemoteRoutingChange> {
    return this.releases.rollback(remote, input);
  }

  /** A promote `npm run release` refused (its promotion checks), recorded in the audit log with the reasons. */
  @Post(':remote/refusals')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(RequireDeployToken)
  @ApiBearerAuth('deploy-token')
  @ApiBody({ schema: promoteRefusalInputDoc })
  @ApiNoContentResponse({ description: 'Audited as promote-refused' })
  recordRefusal(@Param('remote', ReleaseRemotePipe) remote: ReleaseRemote, @Body(new ZodPipe(promoteRefusalInputSchema)) input: PromoteRefusalInputBody): Promise<void> {
    return this.releases.recordRefusal(remote, input);
  }

  /** What `npm run release -- prune` may delete (and only that): before ':remote/:version'. */
  @Get(':remote/prunable')
  @UseGuards(RequireDeployToken)
  @ApiBearerAuth('deploy-token')
  @ApiOkResponse({ schema: prunableDoc })
  prunable(@Param('remote', ReleaseRemotePipe) remote: ReleaseRemote, @Query(new ZodPipe(prunableQuerySchema)) query: PrunableQuery): Promise<PrunableReleases> {
    return this.releases.prunable(remote, query.keep);
  }

  /** One release, for the shell's `?preview=remote@version`. */
  @Get(':remote/:version')
  @UseGuards(DeployOrOperator)
  @ApiBearerAuth('deploy-token')
  @ApiBearerAuth()
  @ApiOkResponse({ schema: releaseDoc })
  release(@Param('remote', ReleaseRemotePipe) remote: ReleaseRemote, @Param('version', ReleaseVersionPipe) version: string): Promise<Release> {
    return this.releases.release(remote, version);
  }

  @Delete(':remote/:version')
  @HttpCode(HttpStatus.OK)
  @UseGuards(RequireDeployToken)
  @ApiBearerAuth('deploy-token')
  @ApiBody({ schema: removeInputDoc, required: false })
  @ApiOkResponse({ schema: { type: 'object', properties: { deletedCount: { type: 'integer' } } } })
  remove(
    @Param('remote', ReleaseRemotePipe) remote: ReleaseRemote,
    @Param('version', ReleaseVersionPipe) version: string,
    @Body(new ZodPipe(removeInputSchema)) input: RemoveInputBody,
  ): Promise<{ deletedCount: number }> {
    return this.releases.remove(remote, version, input);
  }
}

