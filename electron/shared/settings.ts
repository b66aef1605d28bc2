import { z } from 'zod';
import { LANGUAGES, PAGE_SIZE_MAX } from './api-rules.js';
import { columnLayoutSchema, connectionIdSchema, savedViewsSchema } from './saved-view.js';

/** The widths the record panel may be given, in CSS px (its edge dragged, or moved by the arrow keys). */
export const RECORD_PANEL_WIDTH = { min: 200, max: 2_000 } as const;

/**
 * The tables' text sizes, in CSS px, smaller to larger (Smaller and Larger step through them): the
 * window's own text is the middle one, which a table shows until the person chooses another.
 */
export const TABLE_TEXT_SIZES = [11, 12, 13, 14, 15, 16, 18, 20, 22] as const;
export const TABLE_TEXT_SIZE_DEFAULT = 14;

/** The app's settings, as the settings file keeps them and `settings.get` gives them. */
export const settingsSchema = z
  .object({
    /**
     * The language the person chose; left out until they choose one, and the app speaks the
     * language of the browser or system it runs in (`languageOfLocales`).
     */
    language: z.enum(LANGUAGES).optional(),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX),
    /** The connection last chosen: a profile id, or "demo". */
    connectionId: connectionIdSchema.optional(),
    /** Column layouts by view ("customers", "customer:agreements", …). */
    layouts: z.record(z.string().max(100), columnLayoutSchema).optional(),
    /** Views saved under a name, by connection: changed only through the views.* requests. */
    views: savedViewsSchema.optional(),
    /** Read the customer finder's lists in the background after start (false: only when searched). */
    prepareSearch: z.boolean().optional(),
    /** Keep the lists held for search between sessions, sealed by the keychain (false: memory only). */
    keepLists: z.boolean().optional(),
    /** Open on the first list instead of where each window was ("Start with a clean window"). */
    startClean: z.boolean().optional(),
    /** How tall the tables' rows are: standard (32 px) or compact (28 px). */
    density: z.enum(['standard', 'compact']).optional(),
    /** The tables' text size on this computer (px): one of TABLE_TEXT_SIZES. */
    tableTextSize: z
      .number()
      .refine((size) => (TABLE_TEXT_SIZES as readonly number[]).includes(size), {
        message: `one of ${TABLE_TEXT_SIZES.join(', ')}`,
      })
      .optional(),
    /** The record panel's width, as the user last left it. */
    recordPanelWidth: z.number().int().min(RECORD_PANEL_WIDTH.min).max(RECORD_PANEL_WIDTH.max).optional(),
  })
  .strict();
export type Settings = z.infer<typeof settingsSchema>;
