import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FieldErrors, MailPreferences } from '@antiquarium/contracts';
import { mailPreferencesSchema, validateMailPreferences } from '@antiquarium/contracts/validation';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { RequireMemberChoice, RequireUser } from '../auth/guards';
import { ValidationFailed } from '../common/errors';
import { fromZod } from '../common/openapi';
import { MemberMailPreferences } from './member-mail-preferences';

/** `{ optionalMail }`, from the zod schema that validates it (false: no optional mail; mandatory notices are always sent). */
const mailPreferencesDoc = fromZod(mailPreferencesSchema);

/** The member's own mail preference (issue 45; docs/api.md "Members’ data"), beside the one-click unsubscribe. */
@ApiTags('mail')
@ApiBearerAuth()
@Controller('me/mail-preferences')
export class MailPreferencesController {
  constructor(private readonly preferences: MemberMailPreferences) {}

  @Get()
  @UseGuards(RequireUser)
  @ApiOkResponse({ schema: mailPreferencesDoc })
  get(@CurrentUser() user: AuthUser): Promise<MailPreferences> {
    return this.preferences.of(user);
  }

  /** A writer's checks and budget, open to a suspended member (RequireMemberChoice). */
  @Put()
  @UseGuards(RequireMemberChoice)
  @ApiBody({ schema: mailPreferencesDoc })
  @ApiOkResponse({ description: 'The choice as stored', schema: mailPreferencesDoc })
  set(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<MailPreferences> {
    const input = validateMailPreferences(body);
    if (!input.ok) throw new ValidationFailed(input.message, input.fields as FieldErrors);
    return this.preferences.set(user, input.value);
  }
}
