import { z } from 'zod';
import { type ParsedLink } from '../links.js';
import { returns } from './request-fields.js';

/** The cdb:// links handed to the app. */
export const linksRequests = {
  'links.take': {
    input: z.object({}).strict(),
    output: returns<ParsedLink[]>(),
  },
} as const;
