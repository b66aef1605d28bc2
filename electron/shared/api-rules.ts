/**
 * Facts of the Customer Data Management API (docs/api.md) that every layer needs:
 * the Demo API serves them, core enforces them, the renderer and `cdb` offer them.
 */

/** The three listable resources (spec: "Resources and their fields"). */
export const RESOURCES = ['customers', 'contacts', 'agreements'] as const;
export type Resource = (typeof RESOURCES)[number];

/** Resources that also have a per-customer route, `/customers/:customerId/<resource>`. */
export const CUSTOMER_SCOPED_RESOURCES = ['contacts', 'agreements'] as const;
export type CustomerScopedResource = (typeof CUSTOMER_SCOPED_RESOURCES)[number];

/** The only fields the API sorts on, per resource (spec: "Fields usable for sorting"). */
export const SORTABLE_FIELDS = {
  customers: ['createdAt', 'updatedAt'],
  contacts: ['createdAt', 'updatedAt'],
  agreements: ['mrr', 'arr', 'status', 'startDate', 'endDate', 'engagement', 'notice'],
} as const satisfies Record<Resource, readonly string[]>;
export type SortableField<R extends Resource = Resource> = (typeof SORTABLE_FIELDS)[R][number];

/** The spec shows `desc`; `asc` is its obvious twin (docs/api.md, "Where the specification is silent"). */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Accept-Language values the API knows; anything else gets the default. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The language to speak to a person whose browser or system prefers `locales` (in order, as
 * navigator.languages or the OS give them: "fr-FR", "en-GB"): the first the app has, else English.
 */
export function languageOfLocales(locales: readonly string[]): Language {
  for (const locale of locales) {
    const primary = locale.trim().toLowerCase().split(/[-_]/)[0];
    const known = LANGUAGES.find((language) => language === primary);
    if (known) return known;
  }
  return DEFAULT_LANGUAGE;
}

/** List endpoints: `size` defaults to 100 and may not exceed 500. */
export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 500;
/**
 * The longest list the app believes (the spec names none): a `total` above it is not a count but a
 * wrong answer (a table sized to 10^15 rows, a traversal bounded by it, would be bounded by nothing).
 */
export const LIST_ROWS_MAX = 1_000_000_000;

/** Spec "Limits": what the API grants and how fast it may be called. */
export const API_LIMITS = {
  tokenLifetimeSeconds: 10 * 60 * 60,
  tokensPerDay: 15,
  tokenRequestsPerMinute: 60,
  requestsPerSecond: 20,
  burst: 35,
} as const;

/** The route prefix of the spec's example path (`/v1/customers`). */
export const DEFAULT_API_PREFIX = '/v1';

/** True when `value` names a resource the API lists. */
export function isResource(value: string): value is Resource {
  return (RESOURCES as readonly string[]).includes(value);
}

/** True when the API sorts `resource` on `field`. */
export function isSortableField(resource: Resource, field: string): boolean {
  return (SORTABLE_FIELDS[resource] as readonly string[]).includes(field);
}

/** How long reading `total` rows takes at the API's rate, in its largest pages (a scan of a list too long to hold). */
export function scanSeconds(total: number): number {
  return total / (API_LIMITS.requestsPerSecond * PAGE_SIZE_MAX);
}
