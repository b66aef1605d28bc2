import { z } from 'zod';
import { CUSTOMER_SCOPED_RESOURCES, RESOURCES } from '../../shared/api-rules.js';
import type { Desk } from '../../shared/desk.js';
import { filterSchema, type FilterCondition } from '../../shared/filter.js';

type Filter = FilterCondition[];

/**
 * What a person typed in a desk: the filter of each list (the search box is a filter on any field)
 * and of a customer's tables. Kept apart from the rest of the desk, which says only where the
 * window was, so that it reaches the disk encrypted (typed-text.ts) or not at all.
 */
const typedPartsSchema = z
  .object({
    places: z.partialRecord(z.enum(RESOURCES), filterSchema).optional(),
    tables: z.partialRecord(z.enum(CUSTOMER_SCOPED_RESOURCES), filterSchema).optional(),
  })
  .strict();
export type TypedParts = z.infer<typeof typedPartsSchema>;

/** The desk with every filter emptied, and the filters it had (undefined when none had a condition). */
export function splitTyped(desk: Desk): { bare: Desk; typed: TypedParts | undefined } {
  const places: Partial<Record<keyof Desk['places'], Filter>> = {};
  const bare: Desk = structuredClone(desk);
  for (const [resource, place] of Object.entries(bare.places) as [
    keyof Desk['places'],
    { filter: Filter },
  ][]) {
    if (place.filter.length) places[resource] = place.filter;
    place.filter = [];
  }
  const tables: TypedParts['tables'] = {};
  if (bare.screen.kind === 'customer') {
    for (const [resource, place] of Object.entries(bare.screen.tables) as [
      keyof NonNullable<TypedParts['tables']>,
      { filter: Filter },
    ][]) {
      if (place.filter.length) tables[resource] = place.filter;
      place.filter = [];
    }
  }
  const typed = {
    ...(Object.keys(places).length > 0 && { places }),
    ...(Object.keys(tables).length > 0 && { tables }),
  };
  return { bare, typed: Object.keys(typed).length ? typed : undefined };
}

/** `bare` with the filters of `typed` put back where they were. */
export function joinTyped(bare: Desk, typed: TypedParts): Desk {
  const desk: Desk = structuredClone(bare);
  for (const [resource, filter] of Object.entries(typed.places ?? {}) as [keyof Desk['places'], Filter][]) {
    const place = desk.places[resource];
    if (place) place.filter = filter;
  }
  if (desk.screen.kind === 'customer') {
    const { tables } = desk.screen;
    for (const [resource, filter] of Object.entries(typed.tables ?? {}) as [keyof typeof tables, Filter][]) {
      const place = tables[resource];
      if (place) place.filter = filter;
    }
  }
  return desk;
}

/** The typed parts a sealed text held, or undefined when it is not such parts. */
export function typedPartsOf(text: string): TypedParts | undefined {
  try {
    const parsed = typedPartsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
