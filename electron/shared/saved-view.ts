import { COLOUR_RULES_MAX, colourRuleSchema } from './colour-rules.js';
import { z } from 'zod';
import { filterSchema } from './filter.js';
import { checkScope, viewFields } from './view.js';

const columnKey = z.string().min(1).max(200);

/**
 * A table's column layout, remembered per view: order, hidden columns, widths, the columns
 * pinned at the left (in the order pinned; absent in layouts kept before pins existed), and its
 * colour rules.
 */
export const columnLayoutSchema = z
  .object({
    order: z.array(columnKey).max(200),
    hidden: z.array(columnKey).max(200),
    sizes: z.record(columnKey, z.number().int().min(40).max(2_000)),
    pinned: z.array(columnKey).max(200).optional(),
    /** Its colour rules, in order (colour-rules.ts). */
    rules: z.array(colourRuleSchema).max(COLOUR_RULES_MAX).optional(),
  })
  .strict();
export type ColumnLayout = z.infer<typeof columnLayoutSchema>;

/** A saved view's name: what the Views menu lists and `cdb export --view` takes. */
export const viewNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters');

/**
 * A view the user saved under a name, for one connection (docs/architecture.md, "Saved views"):
 * the list (resource, customer scope, sort), its filter — values included, which may be personal
 * data, stored at the user's request — the visible columns in their order (what `cdb export
 * --view` writes) and the table's column layout as the app restores it (order, hidden, widths).
 */
export const savedViewSchema = z
  .object({
    name: viewNameSchema,
    ...viewFields,
    filter: filterSchema,
    columns: z.array(columnKey).max(500),
    layout: columnLayoutSchema,
  })
  .strict()
  .superRefine(checkScope);
export type SavedView = z.infer<typeof savedViewSchema>;

/** A connection's id: a profile's UUID or the Demo's; never a name every object has ("__proto__", "constructor"). */
export const connectionIdSchema = z
  .string()
  .min(1)
  .max(100)
  .refine((id) => !(id in Object.prototype), 'must not be the name of a member of every object');

/** Views a connection keeps at most: a settings file read whole at every start stays small. */
export const SAVED_VIEWS_MAX = 500;

/** Saved views by connection. */
export const savedViewsSchema = z.record(connectionIdSchema, z.array(savedViewSchema).max(SAVED_VIEWS_MAX));
export type SavedViews = z.infer<typeof savedViewsSchema>;

/**
 * The saved views a settings file holds, read one by one: a damaged entry is left out and named in
 * `damaged` (the caller keeps the file aside and says so); the others load.
 */
export function readSavedViews(json: unknown): { views: SavedViews; damaged: string[] } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { views: {}, damaged: ['every saved view (not a list by connection)'] };
  }
  // No prototype: a key read from the file can only ever be a key.
  const views: SavedViews = Object.create(null) as SavedViews;
  const damaged: string[] = [];
  for (const [connectionId, entries] of Object.entries(json)) {
    if (!connectionIdSchema.safeParse(connectionId).success || !Array.isArray(entries)) {
      damaged.push(`the saved views of connection "${connectionId.slice(0, 100)}"`);
      continue;
    }
    const kept: SavedView[] = [];
    entries.forEach((entry: unknown, index) => {
      const parsed = savedViewSchema.safeParse(entry);
      const taken = parsed.success && kept.some((view) => view.name === parsed.data.name);
      if (parsed.success && !taken && kept.length < SAVED_VIEWS_MAX) kept.push(parsed.data);
      else damaged.push(`saved view ${describeEntry(entry, index)} of connection "${connectionId}"`);
    });
    views[connectionId] = kept;
  }
  return { views, damaged };
}

/** A damaged entry as a message names it: its name when it has a readable one, else its place. */
function describeEntry(entry: unknown, index: number): string {
  const name = (entry as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? `"${name.slice(0, 100)}"` : `number ${index + 1}`;
}
