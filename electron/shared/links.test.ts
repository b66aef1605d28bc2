import { describe, expect, it } from 'vitest';
import { linkOf, LINK_MAX_CHARS, parseLink, type LinkAction } from './links.js';

// The one parser of cdb:// links: what a link from a ticket or a chat opens, and the dozens of links
// it refuses before anything is opened or asked for.

describe('parseLink', () => {
  it('opens a customer on a named connection', () => {
    expect(parseLink('cdb://customer/CUS-00000042?connection=Prod')).toEqual({
      ok: true,
      link: { action: 'customer', connection: 'Prod', customerId: 'CUS-00000042' },
    });
    // A name with spaces and accents, an id with a space, both percent-encoded as "Copy link" writes them.
    expect(parseLink('cdb://customer/ACME%2042?connection=L%C3%A9a%27s%20desk')).toEqual({
      ok: true,
      link: { action: 'customer', connection: 'Léa’s desk'.replace('’', "'"), customerId: 'ACME 42' },
    });
  });

  it('opens a list with its customer, sort and filter, as a saved view holds them', () => {
    const filter = [{ field: 'status', op: 'eq', value: 'suspended' }];
    const link = `cdb://view/agreements?connection=Prod&customer=CUS-7&sort=mrr.desc&filter=${encodeURIComponent(JSON.stringify(filter))}`;
    expect(parseLink(link)).toEqual({
      ok: true,
      link: {
        action: 'view',
        connection: 'Prod',
        view: { resource: 'agreements', customerId: 'CUS-7', sort: 'mrr.desc' },
        filter,
      },
    });
    expect(parseLink('cdb://view/customers?connection=Demo')).toEqual({
      ok: true,
      link: { action: 'view', connection: 'Demo', view: { resource: 'customers' }, filter: [] },
    });
  });

  it('gives back what "Copy link" wrote, whatever the values hold', () => {
    const links: LinkAction[] = [
      { action: 'customer', connection: 'Prod & Co / EU?', customerId: 'CUS #1 & 2?x=y' },
      {
        action: 'view',
        connection: 'Staging',
        view: { resource: 'contacts', customerId: 'CUS-9', sort: 'lastName.asc' },
        filter: [
          { field: '*', op: 'contains', value: 'Dupont & "fils" = 100% #1' },
          { field: 'email', op: 'notEmpty' },
        ],
      },
    ];
    for (const link of links) expect(parseLink(linkOf(link))).toEqual({ ok: true, link });
  });

  const refused: [string, string, RegExp][] = [
    // Other schemes, and things that only look like the scheme.
    ['https', 'https://customer/CUS-1?connection=Prod', /not a cdb:\/\/ link/],
    ['file', 'file:///etc/passwd', /not a cdb:\/\/ link/],
    ['javascript', 'javascript:alert(1)//cdb://customer/x', /not a cdb:\/\/ link/],
    ['data', 'data:text/html,<script>cdb://</script>', /not a cdb:\/\/ link/],
    ['vscode', 'vscode://customer/CUS-1?connection=Prod', /not a cdb:\/\/ link/],
    ['scheme with a space', ' cdb://customer/CUS-1?connection=Prod', /not a cdb:\/\/ link/],
    ['one slash', 'cdb:/customer/CUS-1?connection=Prod', /not a cdb:\/\/ link/],
    ['no slash', 'cdb:customer/CUS-1?connection=Prod', /not a cdb:\/\/ link/],
    ['empty', '', /not a cdb:\/\/ link/],
    // Switches, as an argv would carry them (the app reads links after "--", and a switch is no link).
    ['a switch', '--inspect=9229', /not a cdb:\/\/ link/],
    ['a switch after a link', '--remote-debugging-port=9222 cdb://customer/CUS-1', /not a cdb:\/\/ link/],
    ['a gpu switch', '--gpu-launcher=calc.exe', /not a cdb:\/\/ link/],
    // Actions not on the allow-list.
    ['unknown action', 'cdb://export/agreements?connection=Prod', /unknown action "export"/],
    ['delete action', 'cdb://delete/CUS-1?connection=Prod', /unknown action "delete"/],
    ['settings action', 'cdb://settings?startClean=true', /unknown action "settings"/],
    [
      'case of the action',
      'cdb://Customer/CUS-1?connection=Prod',
      /unknown action "customer"|unknown action/,
    ],
    ['no action', 'cdb:///CUS-1?connection=Prod', /unknown action ""/],
    // Where the action would hide: user, password, port, fragment.
    ['user', 'cdb://evil@customer/CUS-1?connection=Prod', /no user, password, port/],
    ['password', 'cdb://a:b@customer/CUS-1?connection=Prod', /no user, password, port/],
    ['port', 'cdb://customer:8080/CUS-1?connection=Prod', /no user, password, port/],
    ['fragment', 'cdb://customer/CUS-1?connection=Prod#--inspect', /no user, password, port or #part/],
    // Paths that are not one customer id.
    ['dot dot', 'cdb://customer/..?connection=Prod', /no "." or ".."/],
    ['dot', 'cdb://customer/.?connection=Prod', /no "." or ".."/],
    ['encoded dot dot', 'cdb://customer/%2E%2E?connection=Prod', /no "." or ".."/],
    ['half-encoded dot dot', 'cdb://customer/.%2e?connection=Prod', /no "." or ".."/],
    ['traversal', 'cdb://customer/../contacts?connection=Prod', /no "." or ".."/],
    [
      'traversal to another action',
      'cdb://customer/x/../../view/customers?connection=Prod',
      /no "." or ".."/,
    ],
    ['encoded slash', 'cdb://customer/CUS-1%2F..%2Fcontacts?connection=Prod', /must not contain \//],
    ['encoded backslash', 'cdb://customer/CUS-1%5C..?connection=Prod', /must not contain/],
    ['double-encoded slash', 'cdb://customer/CUS-1%252Fx?connection=Prod', /must not contain/],
    ['two segments', 'cdb://customer/CUS-1/agreements?connection=Prod', /one customer id/],
    ['no id', 'cdb://customer/?connection=Prod', /one customer id/],
    ['no path', 'cdb://customer?connection=Prod', /one customer id/],
    ['control character', 'cdb://customer/CUS%0A1?connection=Prod', /control characters/],
    ['bidi override', 'cdb://customer/CUS%E2%80%AE1?connection=Prod', /invisible format characters/],
    ['broken percent-encoding', 'cdb://customer/CUS%E0%A4%A?connection=Prod', /percent-encoding/],
    ['overlong id', `cdb://customer/${'C'.repeat(201)}?connection=Prod`, /customer id/],
    // Parameters: unknown, twice, missing, bad.
    ['no connection', 'cdb://customer/CUS-1', /connection/],
    ['empty connection', 'cdb://customer/CUS-1?connection=', /connection must not be empty/],
    ['connection twice', 'cdb://customer/CUS-1?connection=Prod&connection=Staging', /given twice/],
    ['unknown parameter', 'cdb://customer/CUS-1?connection=Prod&secret=x', /unknown parameter "secret"/],
    [
      'a view parameter on a customer',
      'cdb://customer/CUS-1?connection=Prod&sort=id.asc',
      /unknown parameter "sort"/,
    ],
    ['proto parameter', 'cdb://customer/CUS-1?connection=Prod&__proto__=x', /unknown parameter "__proto__"/],
    ['control in connection', 'cdb://customer/CUS-1?connection=Pr%00od', /control or invisible/],
    ['overlong connection', `cdb://customer/CUS-1?connection=${'P'.repeat(101)}`, /at most 100/],
    // Views: unknown list, bad scope, bad filter.
    ['unknown list', 'cdb://view/invoices?connection=Prod', /one of customers, contacts, agreements/],
    ['customers of a customer', 'cdb://view/customers?connection=Prod&customer=CUS-1', /customerId/],
    ['bad customer scope', 'cdb://view/contacts?connection=Prod&customer=..', /customerId/],
    ['filter not JSON', 'cdb://view/contacts?connection=Prod&filter=status%3Dx', /not a list of conditions/],
    ['filter not a list', 'cdb://view/contacts?connection=Prod&filter=%7B%7D', /the filter/],
    [
      'filter operator',
      'cdb://view/contacts?connection=Prod&filter=%5B%7B%22field%22%3A%22a%22%2C%22op%22%3A%22exec%22%7D%5D',
      /the filter/,
    ],
    ['overlong sort', `cdb://view/contacts?connection=Prod&sort=${'a'.repeat(101)}`, /the view sort/],
    [
      'overlong link',
      `cdb://customer/CUS-1?connection=Prod&${'x'.repeat(LINK_MAX_CHARS)}`,
      /at most 2000 characters/,
    ],
  ];

  it.each(refused)('refuses %s', (_case, link, problem) => {
    const parsed = parseLink(link);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });

  it('refuses at least forty hostile links', () => {
    expect(refused.length).toBeGreaterThanOrEqual(40);
  });
});
