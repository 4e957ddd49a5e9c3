import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';
import { artifactInputSchema } from '@antiquarium/contracts/validation';

/** OpenAPI schemas generated from the same zod schemas that validate requests. */
function fromZod(schema: z.ZodType, io: 'input' | 'output' = 'input'): SchemaObject {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json as SchemaObject;
}

export const artifactInputDoc = fromZod(artifactInputSchema);
export const artifactUpdateDoc = fromZod(artifactInputSchema.partial());

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

export const errorDoc: SchemaObject = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['statusCode', 'error', 'message'],
};
