import { z } from 'zod';
import { LANGUAGES } from '../api-rules.js';

// What the contract's requests are made of (contract.ts puts them together).

/** An id the app made (a profile's, a request's, an export's). */
export const idSchema = z.string().min(1).max(100);
export const languageSchema = z.enum(LANGUAGES);

/**
 * The connection the window or tab shows, named by each request that acts on one: made for another
 * (the tab chose another since), it is refused, so one connection's rows are never kept as another's.
 */
export const onConnection = { connectionId: idSchema.optional() };

/** The secret a user types: goes in with connection.save, never comes back out. */
export const secretSchema = z.string().min(1).max(4_096);

/**
 * What a request answers, written beside its input (as GitHub Desktop's IPC map does): a type only,
 * the value is never read.
 */
export const returns = <Output>() => undefined as unknown as Output;

/** A group of requests: each one's input schema beside its output. */
export type RequestGroup = Record<string, { input: z.ZodType; output: unknown }>;
