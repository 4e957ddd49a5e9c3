import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { escapeHtml, SITE_NAME } from './mail-template';
import { UnsubscribeService } from './unsubscribe.service';

export const UNSUBSCRIBE_TEXTS = {
  title: `Unsubscribe from ${SITE_NAME}’s optional emails`,
  confirm: 'Receive no more optional emails from Antiquarium at this address? Notices the site owes you, such as decisions about your artifacts and answers to your messages, are still sent.',
  button: 'Unsubscribe',
  done: 'You will receive no more optional emails from Antiquarium at this address.',
} as const;

/** A page of its own, without scripts or styles (the api's answers have a deny-all content security policy). */
function page(body: string): string {
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(UNSUBSCRIBE_TEXTS.title)}</title></head>\n<body>\n<h1>${escapeHtml(UNSUBSCRIBE_TEXTS.title)}</h1>\n${body}\n</body>\n</html>\n`;
}

/**
 * The unsubscribe link of optional mail (issue 45; docs/api.md "Mail"). Mail clients POST to it
 * (one-click, RFC 8058: `List-Unsubscribe=One-Click` in the body, which is not needed); a person who
 * opens it gets a page with one button, since a GET must not unsubscribe (link scanners open links).
 */
@ApiTags('mail')
@Controller('mail/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Post()
  @HttpCode(200)
  @ApiQuery({ name: 'token', required: true })
  @ApiOkResponse({ description: '{ unsubscribed: true } (a page for a browser); 400 for a token this site did not sign' })
  async oneClick(@Query('token') token: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ unsubscribed: true } | string> {
    await this.unsubscribe.optOut(token);
    if (request.accepts(['json', 'html']) !== 'html') return { unsubscribed: true };
    response.type('html');
    return page(`<p>${escapeHtml(UNSUBSCRIBE_TEXTS.done)}</p>`);
  }

  @Get()
  @ApiQuery({ name: 'token', required: true })
  @ApiOkResponse({ description: 'a page whose one button posts the opt-out; 400 for a token this site did not sign' })
  confirm(@Query('token') token: unknown, @Res({ passthrough: true }) response: Response): string {
    this.unsubscribe.addressOf(token);
    response.type('html');
    // An empty action posts to this very address, token included.
    return page(
      `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.confirm)}</p>\n<form method="post" action=""><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(UNSUBSCRIBE_TEXTS.button)}</button></form>`,
    );
  }
}
