import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { TooManyRequests } from '../common/errors';
import { loadConfig } from '../config/env';
import { RateLimits } from '../rate-limits/rate-limits';
import { RELEASE_CHANGES_OFF, RequireDeployToken } from './release-guards';

const TOKEN = '0123456789abcdef'.repeat(3);

function contextFor(authorization?: string, ip = '203.0.113.7'): ExecutionContext {
  const request = { headers: authorization === undefined ? {} : { authorization }, ip, socket: {} } as unknown as Request;
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

// The guard with the api's real budgets (counted in memory, as without Redis).
const limitsMade: RateLimits[] = [];
function guard(env: Record<string, string>) {
  const config = loadConfig({ FAILED_AUTH_RATE_LIMIT: '3', ...env });
  const limits = new RateLimits(config);
  limitsMade.push(limits);
  return new RequireDeployToken(config, limits);
}

afterAll(async () => {
  for (const limits of limitsMade) await limits.onModuleDestroy();
});

describe('RequireDeployToken', () => {
  it('answers 403 when the api has no deploy token: release changes are off', async () => {
    const error = await outcome(guard({}).canActivate(contextFor(`Bearer ${TOKEN}`)));
    expect(error).toBeInstanceOf(ForbiddenException);
    expect((error as Error).message).toBe(RELEASE_CHANGES_OFF);
  });

  it('lets the deploy token through, and nothing else (401)', async () => {
    const subject = guard({ RELEASE_DEPLOY_TOKEN: TOKEN });
    await expect(subject.canActivate(contextFor(`Bearer ${TOKEN}`))).resolves.toBe(true);
    const refused = [undefined, '', 'Bearer ', `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}${TOKEN}`];
    for (const [index, header] of refused.entries()) {
      // A client each: this test is about the answer, the next one about the budget.
      expect(await outcome(subject.canActivate(contextFor(header, `203.0.113.${10 + index}`)))).toBeInstanceOf(UnauthorizedException);
    }
  });

  it('counts wrong tokens against the failed-auth budget, then refuses the client with 429 before comparing', async () => {
    const subject = guard({ RELEASE_DEPLOY_TOKEN: TOKEN });
    const client = '198.51.100.4';
    // No credential at all is not a failed authentication (as with RequireUser).
    for (let i = 0; i < 5; i += 1) expect(await outcome(subject.canActivate(contextFor(undefined, client)))).toBeInstanceOf(UnauthorizedException);
    for (let i = 0; i < 3; i += 1) expect(await outcome(subject.canActivate(contextFor('Bearer wrong-guess', client)))).toBeInstanceOf(UnauthorizedException);
    expect(await outcome(subject.canActivate(contextFor('Bearer wrong-guess', client)))).toBeInstanceOf(TooManyRequests);
    expect(await outcome(subject.canActivate(contextFor(`Bearer ${TOKEN}`, client)))).toBeInstanceOf(TooManyRequests);
    // Another client is not affected.
    await expect(subject.canActivate(contextFor(`Bearer ${TOKEN}`, '198.51.100.5'))).resolves.toBe(true);
  });

  it('30 wrong tokens at once: at most the budget is compared (401), the rest refused with 429', async () => {
    const subject = guard({ RELEASE_DEPLOY_TOKEN: TOKEN });
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => outcome(subject.canActivate(contextFor(`Bearer guess-${i}`, '198.51.100.6')))));
    expect(outcomes.filter((error) => error instanceof UnauthorizedException)).toHaveLength(3);
    expect(outcomes.filter((error) => error instanceof TooManyRequests)).toHaveLength(27);
  });

  it('the deploy token is given back to the budget: it may be used any number of times', async () => {
    const subject = guard({ RELEASE_DEPLOY_TOKEN: TOKEN });
    for (let i = 0; i < 10; i += 1) await expect(subject.canActivate(contextFor(`Bearer ${TOKEN}`, '198.51.100.7'))).resolves.toBe(true);
    // As many at once as the budget allows: a credential is counted while it is being compared.
    const answers = await Promise.all(Array.from({ length: 3 }, () => subject.canActivate(contextFor(`Bearer ${TOKEN}`, '198.51.100.7'))));
    expect(answers).toEqual([true, true, true]);
  });
});
