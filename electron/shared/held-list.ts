import { z } from 'zod';
import type { Language, Resource } from './api-rules.js';
import type { AppErrorPayload } from './errors.js';
import type { ApiRecord } from './schema.js';
import { checkScope, viewFields } from './view.js';

/**
 * A list held for search (docs/architecture.md, "Search"): a list of the API read whole once into
 * core's memory, and searched there as the user types. It is the list without a sort (the API's
 * order: matches are ordered by the view's sort as they are shown): which resource, for which
 * customer.
 */
export const heldListSchema = z
  .object({ resource: viewFields.resource, customerId: viewFields.customerId })
  .strict()
  .superRefine(checkScope);
export type HeldListView = z.infer<typeof heldListSchema>;

/**
 * The key of a held list, in the app and in every window that follows it: its connection, list
 * (resource, customer scope) and language.
 */
export function heldListKey(connectionId: string | undefined, view: HeldListView, lang: Language): string {
  return JSON.stringify([connectionId ?? null, view.resource, view.customerId ?? null, lang]);
}

/**
 * Where a held list is: `reading` it the first time (searches answer from what was read), `held`
 * whole, `stopped` by the user while reading (what was read is searched), `too-long` for the memory
 * kept for search (nothing held: its searches scan), `failed` (what was read is searched), or
 * `dropped` to make room for another list (the next search reads it again).
 */
export type HeldListState = 'reading' | 'held' | 'stopped' | 'too-long' | 'failed' | 'dropped';

/** A held list as the UI shows it: how far it was read, how old it is, what it costs. */
export interface HeldListStatus extends HeldListView {
  /** The connection it was read from (a profile's id, or the Demo's). */
  connectionId: string;
  lang: Language;
  state: HeldListState;
  /** Rows held: read so far, while reading. */
  read: number;
  /** How many records the API counts in the list, when it said. */
  total?: number;
  /** While reading: the time left at the pace so far. */
  etaSeconds?: number;
  /** Read because the app prepares search at idle, before anyone asked for it ("Preparing search"). */
  prepared?: true;
  /** Epoch ms when the list's changes were last read, or it was read whole ("changes read at 13:42"). */
  asOf?: number;
  /** Epoch ms when it was last read whole ("read whole at 09:05"). */
  wholeAt?: number;
  /**
   * The API's times cannot say what changed in it (times that do not read as dates, a clock that
   * went back): it is read whole on its period only, not at every catch-up.
   */
  changesUnreadable?: true;
  /**
   * What its catch-ups and whole reads found changed since the person last looked: rows changed or
   * new, rows gone, changes past what is listed; `version` moves with each (absent: none).
   */
  changes?: { rows: number; gone: number; unlisted: number; version: number };
  /** A held list being read again in the background (after ten minutes, or Refresh). */
  rereading: boolean;
  /** Memory the list takes, estimated, and the memory kept for every held list together. */
  bytes: number;
  budgetBytes: number;
  /** A list too long to hold: the memory it would take, estimated from what was read. */
  estimatedBytes?: number;
  /** A list too long to hold: how long reading it whole takes at the API's rate (a scan), in seconds. */
  scanSeconds?: number;
  /** Why the read failed. */
  error?: AppErrorPayload;
}

/** A customer the top bar offers for what was typed, and what of it (or of its contact) matched. */
/**
 * The most customers the top bar lists at once ("Show all" included): past it, the person is told
 * how many more match and to type more.
 */
export const SUGGESTIONS_MAX = 500;

export interface CustomerSuggestion {
  customerId: string;
  /** The customer's name, when the customers held have it. */
  name?: string;
  /** What tells customers of one name apart: their city, their email. */
  city?: string;
  email?: string;
  /**
   * What matched: a field of the customer, of one of its contacts (named) or of one of its
   * agreements (its id). `byId`: what was typed is that record's id (or its number).
   */
  matched: {
    of: 'customer' | 'contact' | 'agreement';
    byId?: boolean;
    field: string;
    value: string;
    /** The contact's name and id, when it was a contact's field. */
    contactName?: string;
    contactId?: string;
  };
}

/** The most changes a held list lists (past it they are counted): a week of changes would else be a second list. */
export const LIST_CHANGES_MAX = 5_000;

/** What changed in a held list since the person last looked (`lists.changes`), newest first. */
export interface ListChangesAnswer {
  /** Rows changed, with each changed field's value before (absent: the field was not there), or new. */
  rows: { id: string; at: number; kind: 'changed' | 'new'; previous: Record<string, unknown> }[];
  /** Rows the list no longer has, as they were last held. */
  gone: { id: string; at: number; record: ApiRecord }[];
  /** Changes past LIST_CHANGES_MAX, counted but not listed. */
  unlisted: number;
}

/** The held lists one status names: the same connection, list and language. */
export function isSameList(
  status: Pick<HeldListStatus, 'connectionId' | 'resource' | 'customerId' | 'lang'>,
  connectionId: string | undefined,
  view: { resource: Resource; customerId?: string },
  lang: Language,
): boolean {
  return (
    status.connectionId === connectionId &&
    status.resource === view.resource &&
    status.customerId === view.customerId &&
    status.lang === lang
  );
}
