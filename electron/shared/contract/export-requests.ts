import { z } from 'zod';
import { type AuditEntry, exportOptionsSchema, exportViewSchema } from '../export.js';
import { idSchema, languageSchema, onConnection, returns } from './request-fields.js';
import { customerIdSchema } from '../view.js';

/** A file name without a folder or a character file systems refuse (no `/`, `\\`, `:`, control characters). */
export function isBareFileName(name: string): boolean {
  return (
    ![...name].some((character) => '/\\:*?"<>|'.includes(character) || character.charCodeAt(0) < 32) &&
    !/^\.+$/.test(name)
  );
}

/** Exports of a view to a file, and the audit log of them. */
export const exportRequests = {
  'export.start': {
    input: z
      .object({
        ...onConnection,
        view: exportViewSchema,
        options: exportOptionsSchema,
        /** A bare file name: the app decides the folder (a save dialog, or the host's export folder). */
        fileName: z.string().min(1).max(200).refine(isBareFileName, 'must be a file name without a folder'),
      })
      .strict(),
    output: returns<{ exportId: string; path: string }>(),
  },
  /** A customer's record as a PDF (its fields, summary, every agreement and contact), written as an export is. */
  'export.record': {
    input: z
      .object({
        ...onConnection,
        customerId: customerIdSchema,
        lang: languageSchema,
        fileName: z.string().min(1).max(200).refine(isBareFileName, 'must be a file name without a folder'),
      })
      .strict(),
    output: returns<{ exportId: string; path: string }>(),
  },
  'export.cancel': {
    input: z.object({ exportId: idSchema }).strict(),
    output: returns<{ cancelled: boolean }>(),
  },
  /** Shows a finished export in the system's file manager (Electron only; see SessionStatus.canRevealFiles). */
  'export.reveal': {
    input: z.object({ exportId: idSchema }).strict(),
    output: returns<{ revealed: boolean }>(),
  },
  /** The newest entries of the export audit log. */
  'export.recent': {
    input: z.object({}).strict(),
    output: returns<{ entries: AuditEntry[] }>(),
  },
} as const;
