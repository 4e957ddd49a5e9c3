import { Body, Controller, Delete, Get, HttpCode, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { once } from 'node:events';
import type { DeleteAccountInput, DeleteAccountResponse } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { RequireUser } from '../auth/guards';
import { ZodPipe } from '../common/zod-pipe';
import { RateLimits } from '../rate-limits/rate-limits';
import { deleteAccountInputSchema } from './delete-account-input';
import { MembersService } from './members.service';

@ApiTags('members')
@ApiBearerAuth()
@Controller('me')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly limits: RateLimits,
  ) {}

  /**
   * Everything the site holds about the caller as one JSON file (an attachment), streamed. Signed-in
   * members only, also a suspended one; a budget of its own per member (EXPORT_RATE_LIMIT).
   */
  @Get('export')
  @UseGuards(RequireUser)
  @ApiOkResponse({ description: 'The member’s data (docs/api.md, "Members’ data")', schema: { type: 'object' } })
  async export(@CurrentUser() user: AuthUser, @Res() response: Response): Promise<void> {
    await this.limits.consume('export', `user:${user.uid}`);
    try {
      await this.members.export(
        user,
        { write: (chunk) => response.write(chunk), drained: () => once(response, 'drain').then(() => undefined) },
        () => {
          const day = new Date().toISOString().slice(0, 10);
          response.status(200);
          response.setHeader('Content-Type', 'application/json; charset=utf-8');
          response.setHeader('Content-Disposition', `attachment; filename="antiquarium-data-${day}.json"`);
          response.setHeader('Cache-Control', 'no-store');
          response.flushHeaders();
        },
      );
      response.end();
    } catch (error) {
      // Once the file has begun, a failure can only cut it short (the client sees a broken download).
      if (response.headersSent) response.destroy(error instanceof Error ? error : undefined);
      else throw error;
    }
  }

  /**
   * Deletes the caller's account after they typed their email again: their sign-in account, likes,
   * and artifacts (deleted, or kept under "Former member"). Idempotent and resumable.
   */
  @Delete()
  @HttpCode(200)
  @UseGuards(RequireUser)
  @ApiOkResponse({ schema: { type: 'object', properties: { deleted: { type: 'boolean' }, contributions: { type: 'string', enum: ['delete', 'anonymize'] } } } })
  deleteAccount(@CurrentUser() user: AuthUser, @Body(new ZodPipe(deleteAccountInputSchema)) input: DeleteAccountInput): Promise<DeleteAccountResponse> {
    return this.members.deleteAccount(user, input);
  }
}
