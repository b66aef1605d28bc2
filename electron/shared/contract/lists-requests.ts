import { z } from 'zod';
import { customerIdSchema } from '../view.js';
import { type AgreementSummary } from '../agreement-summary.js';
import {
  heldListSchema,
  LIST_CHANGES_MAX,
  type ListChangesAnswer,
  type HeldListStatus,
} from '../held-list.js';
import { type ApiRecord } from '../schema.js';
import { languageSchema, onConnection, returns } from './request-fields.js';

/** The lists held for search: a record of one, what changed in it, its read stopped, started, done again or forgotten, a customer's agreements summed up. */
export const listsRequests = {
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
