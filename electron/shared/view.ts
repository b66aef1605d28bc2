import { z } from 'zod';
import { CUSTOMER_SCOPED_RESOURCES, RESOURCES, type Resource } from './api-rules.js';

/**
 * A customer's public id as the API's route takes it: one path segment, sent percent-encoded.
 * "." and ".." are refused: a URL resolves them away, and `/customers/../contacts` is every
 * contact of every customer. Control characters are no id either.
 */
export const customerIdSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => id !== '.' && id !== '..', 'must be a customer id, not "." or ".."')
  .refine((id) => !/\p{Cc}/u.test(id), 'must not contain control characters')
  // A proxy that decodes %2F before routing would see another path; bidi overrides spoof labels.
  .refine((id) => !/[/\\%\p{Cf}]/u.test(id), 'must not contain /, \\, % or invisible format characters');

/** Why a view's customer scope cannot be listed, or undefined: only contacts and agreements have one. */
export function scopeProblem(view: { resource: Resource; customerId?: string }): string | undefined {
  if (view.customerId === undefined) return undefined;
  if (!(CUSTOMER_SCOPED_RESOURCES as readonly string[]).includes(view.resource)) {
    return `a customer's ${view.resource} cannot be listed: only ${CUSTOMER_SCOPED_RESOURCES.join(' and ')} have a per-customer route`;
  }
  const parsed = customerIdSchema.safeParse(view.customerId);
  return parsed.success ? undefined : `customerId ${parsed.error.issues[0]?.message ?? 'is not valid'}`;
}

/** Refines a view schema so a customer scope is allowed only where the API has one. */
export function checkScope(
  view: { resource: Resource; customerId?: string },
  context: z.RefinementCtx,
): void {
  const problem = scopeProblem(view);
  if (problem) context.addIssue({ code: 'custom', path: ['customerId'], message: problem });
}

/**
 * A list as the user sees it — which resource, for which customer, in which order — as every layer
 * takes it: the contract, exports (which add columns, filter and language), the API client and the
 * renderer's tables. `sort` is `field.asc|desc` on one of the resource's sortable fields; none is the
 * API's own order.
 */
export const viewFields = {
  resource: z.enum(RESOURCES),
  /** Public id of a customer: the per-customer routes (contacts and agreements only). */
  customerId: customerIdSchema.optional(),
  sort: z.string().max(100).optional(),
};
export const viewSchema = z.object(viewFields).strict().superRefine(checkScope);
export type View = z.infer<typeof viewSchema>;

/** A view's `sort` read: the field, and whether it is descending; none for the API's own order. */
export function sortOrderOf(sort: string | undefined): { field: string; descending: boolean } | undefined {
  if (!sort) return undefined;
  // Split at the last dot: a field's key may hold one (the customer's columns, `customer.country.asc`).
  const dot = sort.lastIndexOf('.');
  const [field, direction] = dot < 0 ? [sort, undefined] : [sort.slice(0, dot), sort.slice(dot + 1)];
  return { field, descending: direction !== 'asc' };
}
