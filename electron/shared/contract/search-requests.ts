import { z } from 'zod';
import { LIST_ROWS_MAX, PAGE_SIZE_MAX } from '../api-rules.js';
import { customerIdSchema, viewSchema } from '../view.js';
import { type AgreementSummary } from '../agreement-summary.js';
import { FILTER_VALUE_MAX, filterSchema } from '../filter.js';
import {
  type CustomerSuggestion,
  heldListSchema,
  LIST_CHANGES_MAX,
  type ListChangesAnswer,
  type HeldListStatus,
  SUGGESTIONS_MAX,
} from '../held-list.js';
import { type ApiRecord } from '../schema.js';
import type { ColumnValues } from '../column-values.js';
import { idSchema, languageSchema, onConnection, returns } from './request-fields.js';

/** Searches answered from the lists held for search, and those lists' reads (docs/architecture.md, "Search"). */
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
  /** The record of a held list with this id (a customer's name); `read` starts the list's read if it is not held. */
  'lists.record': {
    input: z
      .object({
        ...onConnection,
        list: heldListSchema,
        lang: languageSchema,
        id: z.string().min(1).max(200),
        read: z.boolean(),
      })
      .strict(),
    output: returns<{ record: ApiRecord | null; list: HeldListStatus | null }>(),
  },
  /**
   * What the held list's catch-ups and whole reads found changed since the person last looked:
   * rows changed (each changed field's value before) or new, rows gone (as last held), newest first.
   */
  'lists.changes': {
    input: z.object({ ...onConnection, list: heldListSchema, lang: languageSchema }).strict(),
    output: returns<ListChangesAnswer>(),
  },
  /** The person saw these rows' changes (or, without ids, all of the list's): their marks go. */
  'lists.changesSeen': {
    input: z
      .object({
        ...onConnection,
        list: heldListSchema,
        lang: languageSchema,
        ids: z.array(z.string().min(1).max(200)).max(LIST_CHANGES_MAX).optional(),
      })
      .strict(),
    output: returns<null>(),
  },
  /** Stops reading a list for search (Cancel): no more of its pages are asked for. */
  'lists.stop': {
    input: z.object({ ...onConnection, list: heldListSchema, lang: languageSchema }).strict(),
    output: returns<HeldListStatus | null>(),
  },
  /** Reads a list for search now: goes on with a stopped or failed read, or reads a held one again. */
  'lists.read': {
    input: z.object({ ...onConnection, list: heldListSchema, lang: languageSchema }).strict(),
    output: returns<HeldListStatus>(),
  },
  /** Reads every list held for the chosen connection again, in the background (Refresh). */
  'lists.refresh': {
    input: z.object({ ...onConnection }).strict(),
    output: returns<HeldListStatus[]>(),
  },
  /**
   * Deletes every list kept on this computer between sessions (of every connection): what is held
   * in memory stays for the session, and is kept again when next read unless keeping is turned off.
   */
  'lists.forgetKept': {
    input: z.object({}).strict(),
    output: returns<null>(),
  },
  /** The chosen connection's lists held for search (a new window shows the reads under way). */
  'lists.status': {
    input: z.object({ ...onConnection }).strict(),
    output: returns<HeldListStatus[]>(),
  },
  /**
   * A customer at a glance, folded from its agreements held for search (the list a filter of its
   * agreements reads too: read once for both); the list's read is started the first time.
   */
  'lists.summary': {
    input: z.object({ ...onConnection, customerId: customerIdSchema, lang: languageSchema }).strict(),
    /** The summary once the list is held whole (null while it is read, or when it cannot be). */
    output: returns<{ summary: AgreementSummary | null; list: HeldListStatus }>(),
  },
} as const;
