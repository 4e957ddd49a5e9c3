import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type {
  AppealCase,
  AppealView,
  AuditEntry,
  DecisionView,
  FieldErrors,
  MisuseCase,
  QueueEntry,
  ReportReceipt,
  ReportView,
  StatementOfReasons,
  TransparencyReport,
} from '@antiquarium/contracts';
import {
  validateAppealDecision,
  validateAppealInput,
  validateAppealMessage,
  validateDecisionInput,
  validateReportInput,
  type ModerationValidationResult,
} from '@antiquarium/contracts/validation';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalUser, RequireModerator, RequireUser } from '../auth/guards';
import { ValidationFailed } from '../common/errors';
import { setPageHeaders } from '../common/page-headers';
import { pageQuerySchema, type PageQuery } from '../common/page-query';
import { ZodPipe } from '../common/zod-pipe';
import { clientOf } from '../rate-limits/client-budget';
import { RateLimits } from '../rate-limits/rate-limits';
import { AppealsService } from './appeals.service';
import { DecisionsService } from './decisions.service';
import { MisuseService } from './misuse.service';
import { NoticesService } from './notices.service';
import { QueueService } from './queue.service';
import { TransparencyService } from './transparency.service';

function valid<T>(result: ModerationValidationResult<T>): T {
  if (!result.ok) throw new ValidationFailed(result.message, result.fields as FieldErrors);
  return result.value;
}

const receiptQuerySchema = z.object({
  receipt: z.string({ error: 'receipt is required' }).min(1, { error: 'receipt is required' }).max(128, { error: 'receipt must be at most 128 characters' }),
});
const queueQuerySchema = pageQuerySchema.extend({ status: z.literal('open', { error: 'status must be open' }).default('open') });
const appealsQuerySchema = pageQuerySchema.extend({ status: z.enum(['open', 'decided'], { error: 'status must be open or decided' }).default('open') });

function paged<T>(request: Request, response: Response, query: PageQuery, result: { items: T[]; total: number }): T[] {
  setPageHeaders(request, response, query.page, query.limit, result.total);
  return result.items;
}

/** Notices (DSA Art. 16): anyone may send one; a member's token, when sent, links it to them. */
@ApiTags('moderation')
@Controller()
export class ReportsController {
  constructor(
    private readonly noticesService: NoticesService,
    private readonly decisionsService: DecisionsService,
    private readonly misuseService: MisuseService,
    private readonly transparencyService: TransparencyService,
    private readonly limits: RateLimits,
  ) {}

  @Post('reports')
  @UseGuards(OptionalUser)
  @ApiOkResponse({ description: '201 { id, receipt, receivedAt }: the receipt is shown once' })
  async report(@Body() body: unknown, @CurrentUser() caller: AuthUser | undefined, @Req() request: Request): Promise<ReportReceipt> {
    // Counted before anything is looked at: a flood of notices costs its sender, not the site.
    await this.limits.consume('reports', clientOf(request));
    return this.noticesService.report(valid(validateReportInput(body)), caller);
  }

  @Get('reports/:id')
  @ApiQuery({ name: 'receipt', required: true })
  followReport(@Param('id') id: string, @Query(new ZodPipe(receiptQuerySchema)) query: { receipt: string }): Promise<ReportView> {
    return this.noticesService.reportByReceipt(id, query.receipt);
  }

  @Get('me/reports')
  @ApiBearerAuth()
  @UseGuards(RequireUser)
  async myReports(
    @Query(new ZodPipe(pageQuerySchema)) query: PageQuery,
    @CurrentUser() user: AuthUser,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReportView[]> {
    return paged(request, response, query, await this.noticesService.reportsOf(user.uid, query.page, query.limit));
  }

  @Get('me/notices')
  @ApiBearerAuth()
  @UseGuards(RequireUser)
  notices(@CurrentUser() user: AuthUser): Promise<StatementOfReasons[]> {
    return this.decisionsService.notices(user.uid);
  }

  @Get('me/standing')
  @ApiBearerAuth()
  @UseGuards(RequireUser)
  standing(@CurrentUser() user: AuthUser): Promise<MisuseCase[]> {
    return this.misuseService.standingOf(user.uid);
  }

  @Get('transparency')
  transparency(): Promise<TransparencyReport> {
    return this.transparencyService.transparency();
  }
}

/** Appeals (DSA Art. 20), by the contributor or a notifier against a keep; a thread with the moderators. */
@ApiTags('moderation')
@ApiBearerAuth()
@Controller('appeals')
export class AppealsController {
  constructor(private readonly appealsService: AppealsService) {}

  // An appeal is open to suspended members too: it is how a suspension is contested.
  @Post()
  @UseGuards(RequireUser)
  appeal(@Body() body: unknown, @CurrentUser() user: AuthUser): Promise<AppealView> {
    return this.appealsService.appeal(valid(validateAppealInput(body)), user);
  }

  @Get(':id')
  @UseGuards(RequireUser)
  get(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<AppealView> {
    return this.appealsService.appealView(id, user);
  }

  @Post(':id/messages')
  @UseGuards(RequireUser)
  message(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: AuthUser): Promise<AppealView> {
    return this.appealsService.addMessage(id, valid(validateAppealMessage(body)).text, user);
  }
}

/** The moderators' side: 401 signed out, 403 for members without the moderator claim. */
@ApiTags('moderation')
@ApiBearerAuth()
@UseGuards(RequireModerator)
@Controller('moderation')
export class ModerationController {
  constructor(
    private readonly queueService: QueueService,
    private readonly decisionsService: DecisionsService,
    private readonly appealsService: AppealsService,
    private readonly misuseService: MisuseService,
    private readonly transparencyService: TransparencyService,
  ) {}

  @Get('reports')
  @ApiQuery({ name: 'status', required: false, enum: ['open'] })
  async queue(
    @Query(new ZodPipe(queueQuerySchema)) query: PageQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<QueueEntry[]> {
    return paged(request, response, query, await this.queueService.queue(query.page, query.limit));
  }

  @Post('decisions')
  decide(@Body() body: unknown, @CurrentUser() moderator: AuthUser): Promise<DecisionView> {
    return this.decisionsService.decide(valid(validateDecisionInput(body)), moderator);
  }

  @Get('appeals')
  @ApiQuery({ name: 'status', required: false, enum: ['open', 'decided'] })
  async appeals(
    @Query(new ZodPipe(appealsQuerySchema)) query: PageQuery & { status: 'open' | 'decided' },
    @CurrentUser() moderator: AuthUser,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AppealCase[]> {
    return paged(request, response, query, await this.appealsService.appealsQueue(query.status, query.page, query.limit, moderator));
  }

  @Post('appeals/:id/decision')
  @HttpCode(200)
  decideAppeal(@Param('id') id: string, @Body() body: unknown, @CurrentUser() moderator: AuthUser): Promise<AppealView> {
    return this.appealsService.decideAppeal(id, valid(validateAppealDecision(body)), moderator);
  }

  @Get('cases')
  async cases(@Query(new ZodPipe(pageQuerySchema)) query: PageQuery, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<MisuseCase[]> {
    return paged(request, response, query, await this.misuseService.misuseCases(query.page, query.limit));
  }

  @Get('audit')
  async audit(@Query(new ZodPipe(pageQuerySchema)) query: PageQuery, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AuditEntry[]> {
    return paged(request, response, query, await this.transparencyService.auditLog(query.page, query.limit));
  }
}
