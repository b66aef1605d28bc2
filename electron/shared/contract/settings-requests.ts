import { z } from 'zod';
import { type Settings, settingsSchema } from '../settings.js';
import { returns } from './request-fields.js';

/** The user's settings. */
export const settingsRequests = {
  'settings.get': {
    input: z.object({}).strict(),
    output: returns<Settings>(),
  },
  'settings.set': {
    input: settingsSchema.omit({ views: true }).partial().strict(),
    output: returns<Settings>(),
  },
} as const;
