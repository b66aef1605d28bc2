import { z } from 'zod';
import { returns } from './request-fields.js';

/** The system clipboard, where the app has one of its own. */
export const clipboardRequests = {
  /**
   * Puts text on the system clipboard (Electron only; see SessionStatus.writesClipboard): the
   * window's own clipboard permission is denied (security.ts), main writes it instead.
   */
  'clipboard.write': {
    input: z
      .object({ text: z.string().max(20_000_000), html: z.string().max(40_000_000).optional() })
      .strict(),
    output: returns<{ written: boolean }>(),
  },
} as const;
