import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';
import { artifactInputSchema, artifactUpdateSchema } from '@antiquarium/contracts/validation';

/** OpenAPI schemas generated from the same zod schemas that validate requests. */
export function fromZod(schema: z.ZodType, io: 'input' | 'output' = 'input'): SchemaObject {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json as SchemaObject;
}

export const artifactInputDoc = fromZod(artifactInputSchema);
// The update's 'at least one field' rule is a refinement JSON Schema cannot express from zod: said here.
export const artifactUpdateDoc: SchemaObject = { ...fromZod(artifactUpdateSchema), minProperties: 1 };

export const artifactDoc: SchemaObject = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    ...(artifactInputDoc.properties ?? {}),
    adderName: { type: 'string' },
    adderEmail: { type: 'string', description: "Only on the caller's own artifacts" },
    likes: { type: 'integer' },
    addedAt: { type: 'string', format: 'date-time' },
    liked: { type: 'boolean', description: 'On GET /artifacts/{id} for a signed-in caller' },
  },
};
