import { z } from 'zod';
import { type Desk, deskKeySchema, deskSchema } from '../desk.js';
import { returns } from './request-fields.js';

/** Where each window or tab was (its desk), to reopen there. */
export const deskRequests = {
  'desk.get': {
    input: z.object({ key: deskKeySchema }).strict(),
    /** The desk kept, and whether what was typed in it (searches, filters) could not be kept or read. */
    output: returns<{ desk: Desk; typedLeftOut?: true } | null>(),
  },
  'desk.put': {
    input: z.object({ key: deskKeySchema, desk: deskSchema }).strict(),
    /** False when nothing is kept (a clean start was asked for). */
    output: returns<{ kept: boolean }>(),
  },
} as const;
