import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from './app-page.js';
import { API_PATH, EVENTS_PATH } from '../electron/shared/contract/wire.js';
import { ownDemo } from './own-demo.js';

// What the first screen asks the app for, by request name: each piece of state once, however many
// components show it (the session's status bar, header, table and commands all read one answer).
const own = ownDemo({ customers: 120, contacts: 80, agreements: 90 }, 'First screen');

/** Counts the page's requests to the app by name, from now on. */
function countRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith(API_PATH) || pathname === EVENTS_PATH) return;
    const name = pathname.slice(API_PATH.length);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  return counts;
}

test('the first screen asks the app for each thing once, however many components show it', async ({
  page,
}) => {
  // The connection holds its token already, as on any morning but the first: a window whose first
  // session answer said "no token yet" reads the session again once rows came with one
  // (useSessionReadAgainAfter, french-agent.spec.ts), and whether it said so is a race with the grant.
  await own.host.call('data.count', { view: { resource: 'customers' } });
  const counts = countRequests(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await own.host.address());
  await expect(page.getByTestId('row').first()).toContainText('CUS-', { timeout: FIRST_SCREEN_WAIT_MS });
  await expect(page.getByTestId('row-position')).toContainText('of 120');
  // Components mount again on a view switch and back: none of them asks for the session again.
  const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name });
  await nav('Contacts').click();
  await expect(page.getByTestId('row-position')).toContainText('of 80');
  // Its rows shown (the count can come first): leaving while its page is on its way would cancel it.
  await expect(page.getByTestId('row').first()).toContainText('CON-');
  await nav('Customers').click();
  await expect(page.getByTestId('row-position')).toContainText('of 120');

  // Where the tab is is written a second after each move, at most once a screen shown (how many
  // depends on how fast the clicks came), never once per scroll.
  const { 'desk.put': deskWrites = 0, ...asked } = Object.fromEntries(counts);
  expect(deskWrites).toBeLessThanOrEqual(3);
  expect(asked).toEqual({
    'connection.status': 1,
    'settings.get': 1,
    'desk.get': 1,
    // The links the system handed the app while the window started (none here).
    'links.take': 1,
    'connection.list': 1,
    'data.schemas': 1,
    'lists.status': 1,
    // The connection's favourite and recent customers, for the finder and the command box.
    'marks.get': 1,
    // Customers, then Contacts; Customers again comes from memory.
    'data.listPage': 2,
    'data.count': 2,
  });
});
