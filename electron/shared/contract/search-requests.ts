import { z } from 'zod';
import { LIST_ROWS_MAX, PAGE_SIZE_MAX } from '../api-rules.js';
import { viewSchema } from '../view.js';
import { FILTER_VALUE_MAX, filterSchema } from '../filter.js';
import { type CustomerSuggestion, type HeldListStatus, SUGGESTIONS_MAX } from '../held-list.js';
import { type ApiRecord } from '../schema.js';
import type { ColumnValues } from '../column-values.js';
import { idSchema, languageSchema, onConnection, returns } from './request-fields.js';

/** Searches answered from the lists held for search (docs/architecture.md, "Search"). */
export const searchRequests = {
  /**
   * Matches `from`…`from + count` of the filter over the view's list held for search, in the view's
   * order; the list's read is started the first time (docs/architecture.md, "Search").
   */
  'search.rows': {
    input: z
      .object({
        ...onConnection,
        view: viewSchema,
        lang: languageSchema,
        filter: filterSchema,
        from: z.number().int().min(0).max(LIST_ROWS_MAX),
        count: z.number().int().min(0).max(PAGE_SIZE_MAX),
        /** The list's first rows too: the sample the table types and sizes its columns from. */
        sample: z.boolean().optional(),
        requestId: idSchema.optional(),
      })
      .strict(),
    output: returns<{
      rows: ApiRecord[];
      from: number;
      /** Matches so far: all of them once the list is held whole. */
      matches: number;
      /** Changes whenever the matches may have moved (more rows read, the list read again). */
      version: string;
      list: HeldListStatus;
      sample?: ApiRecord[];
    }>(),
  },
  /**
   * Find in a view's rows without hiding any (docs/architecture.md, "Find in the results"): how many
   * rows of the view, as `search.rows` orders them, hold `text` (the search box's words), and the
   * one nearest the row at `from` in `direction`, wrapping at the ends; from the list held for search,
   * its read started the first time. `from` −1: before the first row.
   */
  'search.find': {
    input: z
      .object({
        ...onConnection,
        view: viewSchema,
        lang: languageSchema,
        filter: filterSchema,
        text: z.string().min(1).max(FILTER_VALUE_MAX),
        from: z.number().int().min(-1).max(LIST_ROWS_MAX),
        direction: z.enum(['next', 'previous']),
        requestId: idSchema.optional(),
      })
      .strict(),
    output: returns<{
      /** Rows of the view that hold the text, so far: all of them once the list is held whole. */
      total: number;
      /** The row found (its position in the view, from 0) and its rank among them (from 1); null: none. */
      match: { row: number; ordinal: number } | null;
      list: HeldListStatus;
    }>(),
  },
  /**
   * A column's values over a view's rows (its filter), counted from the list held for search once
   * it is held whole (null before: a part of the list would say wrong counts); its read is started.
   */
  'search.values': {
    input: z
      .object({
        ...onConnection,
        view: viewSchema,
        lang: languageSchema,
        filter: filterSchema,
        field: z.string().min(1).max(200),
        requestId: idSchema.optional(),
      })
      .strict(),
    output: returns<{ values: ColumnValues | null; list: HeldListStatus }>(),
  },
  /**
   * The customers the top bar offers for what was typed, from the customers and contacts held;
   * `read` starts reading them if they are not held; `agreements`: the text is looked for as an
   * agreement's id too, in the agreements held (read if `read`).
   */
  'search.customers': {
    input: z
      .object({
        ...onConnection,
        text: z.string().min(1).max(200),
        lang: languageSchema,
        limit: z.number().int().min(1).max(SUGGESTIONS_MAX),
        read: z.boolean(),
        agreements: z.boolean().optional(),
        requestId: idSchema.optional(),
      })
      .strict(),
    output: returns<{
      suggestions: CustomerSuggestion[];
      /** Every customer that matches in the lists held, counted once (more than `limit` may). */
      total: number;
      /** The lists the suggestions come from (null: not held, and not asked to be read). */
      customers: HeldListStatus | null;
      contacts: HeldListStatus | null;
      /** Only when asked to look among agreements. */
      agreements?: HeldListStatus | null;
    }>(),
  },
} as const;
