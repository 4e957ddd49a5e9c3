import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';
import { DEFAULT_RIGHTS, MAX_CREDIT_LENGTH, RIGHTS_URIS } from '@antiquarium/contracts';
import { artifactInputSchema, artifactUpdateSchema, collectionInputSchema, collectionItemsSchema, collectionUpdateSchema } from '@antiquarium/contracts/validation';

/** OpenAPI schemas generated from the same zod schemas that validate requests. */
export function fromZod(schema: z.ZodType, io: 'input' | 'output' = 'input'): SchemaObject {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json as SchemaObject;
}

// Rights and credit (issue 28, contracts rights.ts): what a reuser may do, and whom to credit.
const RIGHTS_DESCRIPTION = `The URI of a rights statement, as Europeana writes it; left out: ${DEFAULT_RIGHTS} (Copyright Not Evaluated) on a create, unchanged on an update`;
const CREDIT_DESCRIPTION = `Who to credit on reuse, at most ${MAX_CREDIT_LENGTH} characters; '' for none`;

/** A generated schema with rights and credit described (zod gives their types and limits only). */
function withRightsDocs(doc: SchemaObject): SchemaObject {
  const properties = (doc.properties ?? {}) as Record<string, SchemaObject>;
  return {
    ...doc,
    properties: {
      ...properties,
      rights: { ...properties['rights'], description: RIGHTS_DESCRIPTION },
      credit: { ...properties['credit'], description: CREDIT_DESCRIPTION },
    },
  };
}

export const artifactInputDoc = withRightsDocs(fromZod(artifactInputSchema));
// The update's 'at least one field' rule is a refinement JSON Schema cannot express from zod: said here.
export const artifactUpdateDoc: SchemaObject = { ...withRightsDocs(fromZod(artifactUpdateSchema)), minProperties: 1 };

export const artifactDoc: SchemaObject = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    ...(artifactInputDoc.properties ?? {}),
    // Every artifact read carries both (the default statement and '' when none was chosen).
    rights: { type: 'string', enum: [...RIGHTS_URIS], description: 'The URI of the rights statement; Copyright Not Evaluated when none was chosen' },
    credit: { type: 'string', maxLength: MAX_CREDIT_LENGTH, description: CREDIT_DESCRIPTION },
    adderName: { type: 'string' },
    adderEmail: { type: 'string', description: "Only on the caller's own artifacts" },
    likes: { type: 'integer' },
    addedAt: { type: 'string', format: 'date-time' },
    liked: { type: 'boolean', description: 'On GET /artifacts/{id} for a signed-in caller' },
  },
};

// Collections (docs/decisions/0014-collections.md).
export const collectionInputDoc = fromZod(collectionInputSchema);
export const collectionUpdateDoc: SchemaObject = { ...fromZod(collectionUpdateSchema), minProperties: 1 };
export const collectionItemsDoc = fromZod(collectionItemsSchema);
const collectionFieldsDoc: Record<string, SchemaObject> = {
  id: { type: 'string' },
  ownerUid: { type: 'string' },
  ownerName: { type: 'string' },
  ...((collectionInputDoc.properties ?? {}) as Record<string, SchemaObject>),
  itemCount: { type: 'integer', description: 'For the owner every stored item, for others the available ones' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
};
export const collectionDoc: SchemaObject = {
  type: 'object',
  properties: {
    ...collectionFieldsDoc,
    items: {
      type: 'array',
      description: 'In the owner’s order; an artifact no longer public is left out, or (owner only) kept with unavailable: true and no artifact',
      items: { type: 'object', properties: { artifactId: { type: 'string' }, note: { type: 'string' }, artifact: artifactDoc, unavailable: { type: 'boolean' } } },
    },
  },
};
export const collectionSummaryDoc: SchemaObject = {
  type: 'object',
  properties: { ...collectionFieldsDoc, coverImage: { type: 'string', nullable: true, description: 'The first available item’s image' } },
};
