import { z } from 'zod';
import { type Settings, settingsSchema } from './settings.js';
import { type Desk, deskKeySchema, deskSchema } from './desk.js';
import { type ParsedLink } from './links.js';
import { type SavedView, savedViewSchema, viewNameSchema } from './saved-view.js';
import { onConnection, returns } from './request-fields.js';

/** The user's settings and saved views, where each window or tab was (its desk), and the links handed to the app. */
export const settingsRequests = {
  'settings.get': {
    input: z.object({}).strict(),
    output: returns<Settings>(),
  },
  'settings.set': {
    input: settingsSchema.omit({ views: true }).partial().strict(),
    output: returns<Settings>(),
  },
  /** Saves the view under its name for the chosen connection, replacing one of the same name. */
  'views.save': {
    input: z.object({ ...onConnection, view: savedViewSchema }).strict(),
    /** The chosen connection's saved views, after the change. */
    output: returns<SavedView[]>(),
  },
  'views.rename': {
    input: z.object({ ...onConnection, name: viewNameSchema, newName: viewNameSchema }).strict(),
    output: returns<SavedView[]>(),
  },
  'views.delete': {
    input: z.object({ ...onConnection, name: viewNameSchema }).strict(),
    output: returns<SavedView[]>(),
  },
  /** The cdb:// links the system handed the app before this window was ready (those after come as `link.open`). */
  'links.take': {
    input: z.object({}).strict(),
    output: returns<ParsedLink[]>(),
  },
  /** Where the window or tab of `key` was when it was last used (null: nowhere kept, or a clean start asked for). */
  'desk.get': {
    input: z.object({ key: deskKeySchema }).strict(),
    /** The desk kept, and whether what was typed in it (searches, filters) could not be kept or read. */
    output: returns<{ desk: Desk; typedLeftOut?: true } | null>(),
  },
  /** Keeps where the window or tab is now, to reopen there. */
  'desk.put': {
    input: z.object({ key: deskKeySchema, desk: deskSchema }).strict(),
    /** False when nothing is kept (a clean start was asked for). */
    output: returns<{ kept: boolean }>(),
  },
} as const;
