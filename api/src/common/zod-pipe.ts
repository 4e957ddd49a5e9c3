import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationFailed } from './errors';

/** Validates query or body input against one shared zod schema; 400 with the first message. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new ValidationFailed(`${where}${issue?.message ?? 'Invalid input'}`);
  }
}
