import { z } from 'zod';
import { ARTIFACT_TYPES, DEFAULT_SORT, MAX_SEARCH_LENGTH, SORT_OPTIONS } from '@antiquarium/contracts';
import { pageQuerySchema } from '../common/page-query';

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
