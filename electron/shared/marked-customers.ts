import { z } from 'zod';
import { customerIdSchema } from './view.js';

/** The customers opened last kept per connection, the latest first. */
export const RECENTS_MAX = 20;
/** The favourites a connection keeps at most. */
export const FAVOURITES_MAX = 100;

/**
 * A customer marked by the person: its id, and once known its name (what they look it up by) and
 * its city (what tells it from a namesake).
 */
export const markedCustomerSchema = z
  .object({
    customerId: customerIdSchema,
    name: z.string().max(500).optional(),
    city: z.string().max(500).optional(),
  })
  .strict();
export type MarkedCustomer = z.infer<typeof markedCustomerSchema>;

/** A connection's favourites (in the person's order) and recents (the latest first). */
export const markedCustomersSchema = z
  .object({
    favourites: z.array(markedCustomerSchema).max(FAVOURITES_MAX),
    recents: z.array(markedCustomerSchema).max(RECENTS_MAX),
  })
  .strict();
export type MarkedCustomers = z.infer<typeof markedCustomersSchema>;
