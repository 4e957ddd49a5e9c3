import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@antiquarium/contracts';

// Query values arrive as strings (or arrays when repeated): anything else is refused with a 400.
const integer = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be a whole number` })
    .regex(/^\d{1,7}$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: `${name} must be at least ${min}` }).max(max, { error: `${name} must be at most ${max}` }));

export const pageQuerySchema = z.object({
  limit: integer('limit', 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  page: integer('page', 1, 1_000_000).default(1),
});

export type PageQuery = z.output<typeof pageQuerySchema>;
