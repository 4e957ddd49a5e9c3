import { z } from 'zod';
import { ARTIFACT_TYPES, MAX_SEARCH_LENGTH, MAX_YEAR, MIN_YEAR, SORT_OPTIONS } from '@antiquarium/contracts';
import { pageQuerySchema } from '../common/page-query';

/** Longest `place` value accepted (the gazetteer's names are far shorter). */
export const MAX_PLACE_LENGTH = 60;

// A signed year with no year 0 (docs/decisions/0006-date-model.md): '-1360' is 1360 BC.
const year = (name: string) =>
  z
    .string({ error: `${name} must be a single year` })
    .regex(/^-?\d{1,8}$/, { error: `${name} must be a whole year, negative for BC (e.g. -1360 for 1360 BC)` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(MIN_YEAR, { error: `${name} must be at least ${MIN_YEAR}` })
        .max(MAX_YEAR, { error: `${name} must be at most ${MAX_YEAR}` })
        .refine((value) => value !== 0, { error: `${name} cannot be 0: there is no year 0 (1 BC is -1, AD 1 is 1)` }),
    )
    .optional();

/** The filters GET /artifacts and GET /artifacts/facets share. */
export const filterQuerySchema = z
  .object({
    search: z
      .string({ error: 'search must be a single text' })
      .max(MAX_SEARCH_LENGTH, { error: `search must be at most ${MAX_SEARCH_LENGTH} characters` })
      .optional(),
    type: z.enum(ARTIFACT_TYPES, { error: `type must be one of ${ARTIFACT_TYPES.join(', ')}` }).optional(),
    from: year('from'),
    to: year('to'),
    within: z
      .enum(['true', 'false'], { error: 'within must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    place: z
      .string({ error: 'place must be a single text' })
      .min(1, { error: 'place must not be empty' })
      .max(MAX_PLACE_LENGTH, { error: `place must be at most ${MAX_PLACE_LENGTH} characters` })
      .optional(),
    email: z.email({ error: 'email must be an email address' }).max(320).optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'from must not be after to',
    path: ['from'],
  });

export const listQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    // Absent: relevance while searching, name otherwise (ArtifactsService.list).
    sort: z.enum(SORT_OPTIONS, { error: `sort must be one of ${SORT_OPTIONS.join(', ')}` }).optional(),
  })
  .and(filterQuerySchema);

export type FilterQuery = z.output<typeof filterQuerySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;
