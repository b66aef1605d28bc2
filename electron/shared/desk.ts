import { z } from 'zod';
import { CUSTOMER_SCOPED_RESOURCES, LIST_ROWS_MAX, RESOURCES } from './api-rules.js';
import { filterSchema } from './filter.js';
import { connectionIdSchema } from './saved-view.js';
import { customerIdSchema, viewFields } from './view.js';

/**
 * Where a table was left: the row at the top of the screen (fractional: how far it was scrolled
 * past) and the keyboard's active cell. Kept in rows, not pixels, so the same rows come back whatever
 * the rows' height (density) and however the browser scales a list taller than it can lay out.
 * Bounded by the largest list there is, so a file or a caller cannot ask for a place no table has.
 */
export const tablePlaceSchema = z
  .object({
    topRow: z.number().min(0).max(LIST_ROWS_MAX),
    active: z
      .object({
        row: z.number().int().min(0).max(LIST_ROWS_MAX),
        column: z.number().int().min(0).max(500),
      })
      .strict(),
  })
  .strict();
export type TablePlace = z.infer<typeof tablePlaceSchema>;

/** A list as it was left: its sort and filter (a saved view's description), and where in it. */
export const listPlaceSchema = z
  .object({ sort: viewFields.sort, filter: filterSchema, table: tablePlaceSchema.optional() })
  .strict();
export type ListPlace = z.infer<typeof listPlaceSchema>;

const customerTablesSchema = z
  .object(
    Object.fromEntries(
      CUSTOMER_SCOPED_RESOURCES.map((resource) => [resource, listPlaceSchema.optional()]),
    ) as {
      [R in (typeof CUSTOMER_SCOPED_RESOURCES)[number]]: z.ZodOptional<typeof listPlaceSchema>;
    },
  )
  .strict();

/** A customer's own tables (contacts, agreements), each with its sort, filter and place. */
export type CustomerTables = z.infer<typeof customerTablesSchema>;

/** What a window shows: one of the lists, or a customer with its own tables' places. */
export const deskScreenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), resource: z.enum(RESOURCES) }).strict(),
  z
    .object({ kind: z.literal('customer'), customerId: customerIdSchema, tables: customerTablesSchema })
    .strict(),
]);
export type DeskScreen = z.infer<typeof deskScreenSchema>;

/**
 * A window's desk, as the app reopens it (docs/decisions/0009-session-restore.md): the connection,
 * what it showed, and each list's place. Descriptions only, the data a saved view holds (filter
 * values included): never a record.
 */
export const deskSchema = z
  .object({
    connectionId: connectionIdSchema,
    screen: deskScreenSchema,
    places: z
      .object(
        Object.fromEntries(RESOURCES.map((resource) => [resource, listPlaceSchema.optional()])) as {
          [R in (typeof RESOURCES)[number]]: z.ZodOptional<typeof listPlaceSchema>;
        },
      )
      .strict(),
  })
  .strict();
export type Desk = z.infer<typeof deskSchema>;

/**
 * The name a window's desk is kept under: the desktop window's, or a browser tab's own (kept in the
 * tab's session storage, so a reload finds its desk and another tab has its own).
 */
export const deskKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be 1 to 64 letters, digits or dashes');
