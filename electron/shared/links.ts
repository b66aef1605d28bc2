import { z } from 'zod';
import { RESOURCES } from './api-rules.js';
import { filterSchema, type FilterCondition } from './filter.js';
import { customerIdSchema, viewFields, viewSchema, type View } from './view.js';

/** The app's URL scheme, registered with the system (electron-builder's `protocols`). */
export const LINK_SCHEME = 'cdb';

/** A link is a line of a chat message, not a document: longer is a mistake or an attack. */
export const LINK_MAX_CHARS = 2_000;

/** The connection a link names: its name as the user sees it in the picker (ids differ per machine). */
const connectionNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((name) => !/[\p{Cc}\p{Cf}]/u.test(name), 'must not contain control or invisible characters');

/** What a link asks the app to open: a customer, or a list with its sort and filter, on a named connection. */
export type LinkAction =
  | { action: 'customer'; connection: string; customerId: string }
  | { action: 'view'; connection: string; view: View; filter: FilterCondition[] };

/** A link turned into what it opens, or the reason it is refused (nothing is opened). */
export type ParsedLink = { ok: true; link: LinkAction } | { ok: false; problem: string };

/** The parameters each action takes: any other is refused (an allow-list, as for the actions). */
const PARAMETERS = {
  customer: ['connection'],
  view: ['connection', 'customer', 'sort', 'filter'],
} as const;

/**
 * Turns a `cdb://` link into the action it opens, or refuses it (docs/decisions/0010-links.md): an
 * allow-list of actions (`customer`, `view`), each parameter allowed by name, given once, and
 * checked with the same schemas as IPC; anything else — another scheme, a user or port, an unknown
 * action or parameter, a path that is not one id, an encoded slash, "..", an overlong link — is refused.
 */
export function parseLink(text: string): ParsedLink {
  const refuse = (problem: string): ParsedLink => ({ ok: false, problem });
  if (text.length > LINK_MAX_CHARS) return refuse(`a link is at most ${LINK_MAX_CHARS} characters`);
  if (!text.toLowerCase().startsWith(`${LINK_SCHEME}://`)) return refuse(`not a ${LINK_SCHEME}:// link`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not a valid link');
  }
  if (url.username || url.password || url.port || url.hash)
    return refuse('a link has no user, password, port or #part');
  // The URL parser resolves "." and ".." (encoded or not) away: /../contacts would name "contacts".
  const rawPath = text.slice(text.indexOf('//') + 2).split(/[?#]/)[0] ?? '';
  if (rawPath.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment)))
    return refuse('a link has no "." or ".." in its path');
  const action = url.hostname;
  if (action !== 'customer' && action !== 'view') return refuse(`unknown action "${action.slice(0, 40)}"`);
  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (!(PARAMETERS[action] as readonly string[]).includes(name))
      return refuse(`unknown parameter "${name.slice(0, 40)}" for ${action}`);
    if (params.has(name)) return refuse(`parameter "${name}" is given twice`);
    params.set(name, value);
  }
  const connection = connectionNameSchema.safeParse(params.get('connection'));
  if (!connection.success) return refuse(`connection ${issueOf(connection.error)}`);
  // The path is one segment, read as the API would route it: "/" encoded or not, "." and ".." refused.
  const segments = url.pathname.split('/').slice(1);
  if (segments.length !== 1 || !segments[0])
    return refuse(`a ${action} link names one ${action === 'customer' ? 'customer id' : 'list'}`);
  let segment: string;
  try {
    segment = decodeURIComponent(segments[0]);
  } catch {
    return refuse('the link is not valid percent-encoding');
  }
  if (action === 'customer') {
    const customerId = customerIdSchema.safeParse(segment);
    if (!customerId.success) return refuse(`customer id ${issueOf(customerId.error)}`);
    return { ok: true, link: { action, connection: connection.data, customerId: customerId.data } };
  }
  const resource = viewFields.resource.safeParse(segment);
  if (!resource.success) return refuse(`the list must be one of ${RESOURCES.join(', ')}`);
  const view = viewSchema.safeParse({
    resource: resource.data,
    ...(params.has('customer') && { customerId: params.get('customer') }),
    ...(params.has('sort') && { sort: params.get('sort') }),
  });
  if (!view.success) return refuse(`the view ${issueOf(view.error)}`);
  let filterJson: unknown = [];
  try {
    if (params.has('filter')) filterJson = JSON.parse(params.get('filter') ?? '');
  } catch {
    return refuse('the filter is not a list of conditions');
  }
  const filter = filterSchema.safeParse(filterJson);
  if (!filter.success) return refuse(`the filter ${issueOf(filter.error)}`);
  return { ok: true, link: { action, connection: connection.data, view: view.data, filter: filter.data } };
}

/** The link that opens `link` (what "Copy link" gives). */
export function linkOf(link: LinkAction): string {
  const query = new URLSearchParams({ connection: link.connection });
  if (link.action === 'customer')
    return `${LINK_SCHEME}://customer/${encodeURIComponent(link.customerId)}?${query.toString()}`;
  const { resource, customerId, sort } = link.view;
  if (customerId !== undefined) query.set('customer', customerId);
  if (sort !== undefined) query.set('sort', sort);
  if (link.filter.length) query.set('filter', JSON.stringify(link.filter));
  return `${LINK_SCHEME}://view/${resource}?${query.toString()}`;
}

/** A zod error in a few words: its first issue's path and message. */
function issueOf(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? `${issue.path.join('.')} ` : '';
  return `${path}${issue?.message ?? 'is not valid'}`.slice(0, 200);
}
