import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ContactMessage, ContactReceipt, ContactStatus, FieldErrors } from '@antiquarium/contracts';
import { validateContactMessage, validateContactReply } from '@antiquarium/contracts/validation';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { OptionalUser, RequireModerator } from '../auth/guards';
import { ValidationFailed } from '../common/errors';
import { setPageHeaders } from '../common/page-headers';
import { pageQuerySchema, type PageQuery } from '../common/page-query';
import { ZodPipe } from '../common/zod-pipe';
import { clientOf } from '../rate-limits/client-budget';
import { RateLimits } from '../rate-limits/rate-limits';
import { ContactService } from './contact.service';

const inboxQuerySchema = pageQuerySchema.extend({ status: z.enum(['open', 'handled'], { error: 'status must be open or handled' }).default('open') });

/** The contact page's messages: anyone may send one; a member's token, when sent, links it to them. */
@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(
    private readonly contact: ContactService,
    private readonly limits: RateLimits,
  ) {}

  @Post()
  @UseGuards(OptionalUser)
  @ApiCreatedResponse({ description: '201 { id, receivedAt }: sent only once the message is stored' })
  async send(@Body() body: unknown, @CurrentUser() caller: AuthUser | undefined, @Req() request: Request): Promise<ContactReceipt> {
    // Counted before anything is looked at: a flood of messages costs its sender, not the site.
    await this.limits.consume('contact', clientOf(request));
    const input = validateContactMessage(body);
    if (!input.ok) throw new ValidationFailed(input.message, input.fields as FieldErrors);
    return this.contact.receive(input.value, caller);
  }
}

/** The moderators' inbox beside their queue: 401 signed out, 403 for members without the moderator claim. */
@ApiTags('moderation')
@ApiBearerAuth()
@UseGuards(RequireModerator)
@Controller('moderation/contact')
export class ContactInboxController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  @ApiQuery({ name: 'status', required: false, enum: ['open', 'handled'] })
  async inbox(
    @Query(new ZodPipe(inboxQuerySchema)) query: PageQuery & { status: ContactStatus },
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContactMessage[]> {
    const { items, total } = await this.contact.inbox(query.status, query.page, query.limit);
    setPageHeaders(request, response, query.page, query.limit, total);
    return items;
  }

  @Post(':id/handled')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the message, handled (already handled: as stored)' })
  handled(@Param('id') id: string, @CurrentUser() moderator: AuthUser): Promise<ContactMessage> {
    return this.contact.markHandled(id, moderator);
  }

  @Post(':id/replies')
  @ApiCreatedResponse({ description: 'the message with its replies; the reply is mailed to the sender through the outbox (sent later, not waited for)' })
  reply(@Param('id') id: string, @Body() body: unknown, @CurrentUser() moderator: AuthUser): Promise<ContactMessage> {
    const input = validateContactReply(body);
    if (!input.ok) throw new ValidationFailed(input.message, input.fields as FieldErrors);
    return this.contact.reply(id, input.value, moderator);
  }
}
