import { z } from 'zod';
import { LIST_ROWS_MAX, PAGE_SIZE_MAX } from '../api-rules.js';
import { viewSchema } from '../view.js';
import { type ApiRecord, type SchemaListing } from '../schema.js';
import { idSchema, languageSchema, onConnection, returns } from './request-fields.js';

/** A view's pages, its count and the schemas, read from the API for the window's connection; and cancelling them. */
export const dataRequests = {
  'data.listPage': {
    input: z
      .object({
        ...onConnection,
        view: viewSchema,
        size: z.number().int().min(1).max(PAGE_SIZE_MAX),
        cursor: z.string().min(1).max(4_096).optional(),
        lang: languageSchema,
        priority: z.enum(['interactive', 'prefetch']).optional(),
        /** Lets `data.cancel` drop this request while it is queued or running. */
        requestId: idSchema.optional(),
      })
      .strict(),
    output: returns<{ rows: ApiRecord[]; nextCursor: string | null; hasNextPage: boolean }>(),
  },
  /** A page read by position (offset mode): a far jump in a long list (Ctrl+End, the scrollbar dragged). */
  'data.offsetPage': {
    input: z
      .object({
        ...onConnection,
        view: viewSchema,
        size: z.number().int().min(1).max(PAGE_SIZE_MAX),
        page: z.number().int().min(1).max(LIST_ROWS_MAX),
        lang: languageSchema,
        requestId: idSchema.optional(),
      })
      .strict(),
    output: returns<{ rows: ApiRecord[]; total: number }>(),
  },
  'data.count': {
    input: z.object({ ...onConnection, view: viewSchema, requestId: idSchema.optional() }).strict(),
    output: returns<{ total: number }>(),
  },
  'data.cancel': {
    input: z.object({ requestId: idSchema }).strict(),
    output: returns<{ cancelled: boolean }>(),
  },
  'data.schemas': {
    input: z.object({ ...onConnection, lang: languageSchema }).strict(),
    output: returns<SchemaListing>(),
  },
} as const;
