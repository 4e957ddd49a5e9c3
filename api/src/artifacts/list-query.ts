import { z } from 'zod';
import {
  ARTIFACT_TYPES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  SORT_OPTIONS,
} from '@antiquarium/contracts';

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

export const listQuerySchema = pageQuerySchema.extend({
  search: z
    .string({ error: 'search must be a single text' })
    .max(MAX_SEARCH_LENGTH, { error: `search must be at most ${MAX_SEARCH_LENGTH} characters` })
    .optional(),
  type: z.enum(ARTIFACT_TYPES, { error: `type must be one of ${ARTIFACT_TYPES.join(', ')}` }).optional(),
  sort: z.enum(SORT_OPTIONS, { error: `sort must be one of ${SORT_OPTIONS.join(', ')}` }).default(DEFAULT_SORT),
  email: z.email({ error: 'email must be an email address' }).max(320).optional(),
});

export type ListQuery = z.output<typeof listQuerySchema>;
export type PageQuery = z.output<typeof pageQuerySchema>;
