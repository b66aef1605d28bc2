import { z } from 'zod';
import { FAVOURITES_MAX, markedCustomerSchema, type MarkedCustomers } from '../marked-customers.js';
import { onConnection, returns } from './request-fields.js';
import { customerIdSchema } from '../view.js';

/**
 * The chosen connection's favourite and recent customers. Each answers the marks after it, and
 * `kept`: false when no keychain key seals them, so they last only as long as the process.
 */
type Marks = MarkedCustomers & { kept: boolean };

export const marksRequests = {
  'marks.get': {
    input: z.object({ ...onConnection }).strict(),
    output: returns<Marks>(),
  },
  /** A customer was opened: first of the recents (its name kept when given, else the one known). */
  'marks.opened': {
    input: z.object({ ...onConnection, customer: markedCustomerSchema }).strict(),
    output: returns<Marks>(),
  },
  /** A customer made a favourite (last of them) or no longer one. */
  'marks.favourite': {
    input: z.object({ ...onConnection, customer: markedCustomerSchema, on: z.boolean() }).strict(),
    output: returns<Marks>(),
  },
  /** The favourites in the person's order (ids not among them are refused). */
  'marks.order': {
    input: z.object({ ...onConnection, customerIds: z.array(customerIdSchema).max(FAVOURITES_MAX) }).strict(),
    output: returns<Marks>(),
  },
  /** Forgets the recents, or the favourites, of the connection. */
  'marks.forget': {
    input: z.object({ ...onConnection, which: z.enum(['recents', 'favourites']) }).strict(),
    output: returns<Marks>(),
  },
} as const;
