import { z } from 'zod';
import { type SavedView, savedViewSchema, viewNameSchema } from '../saved-view.js';
import { onConnection, returns } from './request-fields.js';

/** The chosen connection's saved views. */
export const viewsRequests = {
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
} as const;
