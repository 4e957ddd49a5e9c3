import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PRUNE_KEPT_REASONS, RELEASE_AUDIT_ACTIONS, RELEASE_REMOTES } from '@antiquarium/contracts';
import { fromZod } from '../common/openapi';
import { promoteInputSchema, promoteRefusalInputSchema, releaseInputSchema, removeBodySchema, rollbackBodySchema, telemetryInputSchema } from './release-input';

// The OpenAPI side of docs/api.md "Releases": request bodies from the zod schemas that check them,
// answers written out from the contract's types.

export const releaseInputDoc = fromZod(releaseInputSchema);
export const promoteInputDoc = fromZod(promoteInputSchema);
export const rollbackInputDoc: SchemaObject = { ...fromZod(rollbackBodySchema), description: 'May be left out' };
export const telemetryInputDoc = fromZod(telemetryInputSchema);
export const removeInputDoc: SchemaObject = { ...fromZod(removeBodySchema), description: 'May be left out' };
export const promoteRefusalInputDoc = fromZod(promoteRefusalInputSchema);

const date = { type: 'string', format: 'date-time' } as const;
const releaseRef: SchemaObject = { type: 'object', properties: { version: { type: 'string' }, manifestUrl: { type: 'string' } }, required: ['version', 'manifestUrl'] };
const canaryRef: SchemaObject = { ...releaseRef, properties: { ...releaseRef.properties, percent: { type: 'integer', minimum: 1, maximum: 99 } } };

export const releaseDoc: SchemaObject = {
  type: 'object',
  properties: {
    remote: { type: 'string', enum: [...RELEASE_REMOTES] },
    ...(releaseInputDoc.properties ?? {}),
    notes: { type: 'string' },
    publishedBy: { type: 'string' },
    publishedAt: date,
    lastLiveAt: { ...date, nullable: true, description: 'When it last became or stopped being the live release' },
  },
};

export const routingDoc: SchemaObject = {
  type: 'object',
  properties: {
    remotes: {
      type: 'object',
      description: 'Per remote with a live release: { live, canary? }',
      additionalProperties: { type: 'object', properties: { live: releaseRef, canary: canaryRef }, required: ['live'] },
    },
    updatedAt: { ...date, nullable: true },
  },
};

export const routingChangeDoc: SchemaObject = {
  type: 'object',
  properties: {
    remote: { type: 'string', enum: [...RELEASE_REMOTES] },
    live: { ...releaseRef, nullable: true, description: "Null after a rollback to the image's own build" },
    canary: { ...canaryRef, properties: { ...canaryRef.properties, since: date } },
    liveSince: { ...date, nullable: true },
    history: { type: 'array', items: { type: 'string' }, description: 'Earlier live versions, newest first' },
    updatedAt: date,
  },
};

export const prunableDoc: SchemaObject = {
  type: 'object',
  properties: {
    remote: { type: 'string', enum: [...RELEASE_REMOTES] },
    keep: { type: 'integer' },
    prunable: { type: 'array', items: { type: 'string' }, description: 'The only releases `prune` deletes' },
    kept: {
      type: 'array',
      items: { type: 'object', properties: { version: { type: 'string' }, reason: { type: 'string', enum: [...PRUNE_KEPT_REASONS] }, detail: { type: 'string' } } },
    },
  },
};

const healthDoc: SchemaObject = {
  type: 'object',
  properties: {
    views: { type: 'integer' },
    loadFailures: { type: 'integer' },
    renderErrors: { type: 'integer' },
    failureRate: { type: 'number', minimum: 0, maximum: 1 },
    loadP50Ms: { type: 'integer', nullable: true },
    loadP95Ms: { type: 'integer', nullable: true },
    inpReports: { type: 'integer', description: 'Page loads that reported their Interaction to Next Paint' },
    inpP75Ms: { type: 'integer', nullable: true, description: 'INP at the 75th percentile (upper bound of its bucket: 50, 100, 200, 300, 500, 800, 1200, 2000, 4000 ms, then 120000)' },
  },
};

export const statusDoc: SchemaObject = {
  type: 'object',
  properties: {
    remotes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          remote: { type: 'string', enum: [...RELEASE_REMOTES] },
          live: { type: 'string', nullable: true },
          liveSince: { ...date, nullable: true },
          canary: { type: 'object', nullable: true, properties: { version: { type: 'string' }, percent: { type: 'integer' }, since: date } },
          history: { type: 'array', items: { type: 'string' } },
          releases: { type: 'array', items: { ...releaseDoc, properties: { ...releaseDoc.properties, lastHour: healthDoc } } },
        },
      },
    },
    audit: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          at: date,
          remote: { type: 'string', enum: [...RELEASE_REMOTES] },
          action: { type: 'string', enum: [...RELEASE_AUDIT_ACTIONS] },
          version: { type: 'string' },
          fromVersion: { type: 'string' },
          percent: { type: 'integer' },
          by: { type: 'string' },
          reason: { type: 'string' },
        },
      },
    },
    updatedAt: { ...date, nullable: true },
  },
};
