import { z } from 'zod';

/**
 * The schema listing (docs/api.md: `/v1/schemas`). The spec does not show its shape, so this reads
 * what it can and keeps what it does not know: only `resource` and each field's `key` are required.
 */
export const schemaFieldSchema = z
  .object({
    key: z.string().min(1),
    label: z.string().optional(),
    type: z.string().optional(),
    format: z.string().optional(),
    nullable: z.boolean().optional(),
    sortable: z.boolean().optional(),
    values: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  })
  .loose();
export type SchemaField = z.infer<typeof schemaFieldSchema>;

export const resourceSchemaSchema = z
  .object({
    resource: z.string().min(1),
    label: z.string().optional(),
    fields: z.array(schemaFieldSchema),
  })
  .loose();
export type ResourceSchema = z.infer<typeof resourceSchemaSchema>;

/** A record of any resource, as the API sent it: its fields are never hard-coded. */
export type ApiRecord = Record<string, unknown>;

/** The schema listing, or why the app falls back to labels made from field keys (docs/api.md). */
export type SchemaListing = { schemas: ResourceSchema[] } | { schemas: null; reason: string };
