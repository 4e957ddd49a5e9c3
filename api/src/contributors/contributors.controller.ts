import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Contributor } from '@antiquarium/contracts';
import { ZodPipe } from '../common/zod-pipe';
import { ContributorsRepository } from './contributors.repository';

const topQuerySchema = z.object({
  limit: z
    .string({ error: 'limit must be a whole number' })
    .regex(/^\d{1,2}$/, { error: 'limit must be a whole number' })
    .transform(Number)
    .pipe(z.number().min(1, { error: 'limit must be at least 1' }).max(10, { error: 'limit must be at most 10' }))
    .default(3),
});

@ApiTags('contributors')
@Controller('contributors')
export class ContributorsController {
  constructor(private readonly contributors: ContributorsRepository) {}

  @Get('top')
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 10, default: 3 } })
  @ApiOkResponse({
    schema: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, artifacts: { type: 'integer' }, likes: { type: 'integer' } } },
    },
  })
  async top(@Query(new ZodPipe(topQuerySchema)) query: z.output<typeof topQuerySchema>): Promise<Contributor[]> {
    const top = await this.contributors.top(query.limit);
    return top.map(({ name, artifacts, likes }) => ({ name, artifacts, likes }));
  }
}
