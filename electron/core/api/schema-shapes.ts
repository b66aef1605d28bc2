import { z } from 'zod';
import { resourceSchemaSchema, type ResourceSchema } from '../../shared/schema.js';

// The spec shows nothing of the schema listing's shape (docs/api.md, "Where the specification is silent"), so
// it is read tolerantly: any reasonable shape that pairs field keys with labels gives labels.

/** A field as written: a label alone, or an object with (some of) key, label, type, format. */
const fieldValueSchema = z.union([z.string(), z.looseObject({})]);

/**
 * The resources' schemas in `body`, whichever of these shapes it has (in a `data` or `schemas`
 * envelope or bare): a list of `{ resource, fields }` with fields as a list or as a map; or a map of
 * resource to its fields (a list, a map of key to label or to field, or `{ fields }`). Undefined
 * when it is none of them.
 */
export function schemasIn(body: unknown): ResourceSchema[] | undefined {
  const inner = unwrap(body);
  if (Array.isArray(inner)) {
    const schemas = inner.map((entry) => {
      if (typeof entry !== 'object' || entry === null) return undefined;
      const { resource, fields, ...rest } = entry as Record<string, unknown>;
      return typeof resource === 'string' ? schemaOf(resource, fields, rest) : undefined;
    });
    return schemas.every((schema) => schema !== undefined) && schemas.length ? schemas : undefined;
  }
  if (typeof inner === 'object' && inner !== null) {
    const schemas = Object.entries(inner).map(([resource, value]) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && 'fields' in value
        ? schemaOf(resource, (value as { fields: unknown }).fields, {})
        : schemaOf(resource, value, {}),
    );
    return schemas.every((schema) => schema !== undefined) && schemas.length ? schemas : undefined;
  }
  return undefined;
}

/** The listing inside its envelope: the spec puts lists in `data`; some APIs say `schemas`. */
function unwrap(body: unknown): unknown {
  let inner = body;
  while (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
    const { data, schemas } = inner as { data?: unknown; schemas?: unknown };
    if ((data ?? schemas) === undefined) break;
    inner = data ?? schemas;
  }
  return inner;
}

function schemaOf(
  resource: string,
  fields: unknown,
  rest: Record<string, unknown>,
): ResourceSchema | undefined {
  let list: unknown[];
  if (Array.isArray(fields)) list = fields;
  else if (typeof fields === 'object' && fields !== null) {
    list = Object.entries(fields).map(([key, value]) => {
      const parsed = fieldValueSchema.safeParse(value);
      if (!parsed.success) return undefined;
      return typeof parsed.data === 'string' ? { key, label: parsed.data } : { key, ...parsed.data };
    });
  } else return undefined;
  const parsed = resourceSchemaSchema.safeParse({ ...rest, resource, fields: list });
  return parsed.success ? parsed.data : undefined;
}
