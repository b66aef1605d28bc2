import { z } from 'zod';

/**
 * What a client needs to reach a Demo API: what `cdb serve-demo` prints as its first line, what a
 * running Demo gives the app's Demo connection, and what benches and tests read back.
 */
export const demoConnectionSchema = z
  .object({
    baseUrl: z.string().url(),
    authUrl: z.string().url(),
    audience: z.string().min(1),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
  })
  .strict();
export type DemoConnection = z.infer<typeof demoConnectionSchema>;

/** The client id of a Demo API's client (its secret is new at every start). */
export const DEMO_CLIENT_ID = 'demo-client';

/** The id of the built-in Demo connection. */
export const DEMO_CONNECTION_ID = 'demo';
/** The name the built-in Demo connection is shown (and linked) under. */
export const DEMO_CONNECTION_NAME = 'Demo';
