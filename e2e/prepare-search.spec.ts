import { expect, test } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from './app-page.js';
import { ownDemo } from './own-demo.js';

// Search ready before it is asked: a few seconds after a connection is chosen, the customer
// finder's lists (customers, contacts) are read in the background at the limiter's share of the
// rate, said in the status bar; 20 s after the window opened, a contact's email typed in the top bar
// is offered at once, and the window reads no page of a list for it.
const own = ownDemo({ customers: 10_000, contacts: 20_000, agreements: 10 }, 'Prepared desk', [], {
  prepareSearch: true,
});
test.describe.configure({ timeout: 120_000 });

type Status = { resource: string; state: string; prepared?: boolean };

test('the finder’s lists are read at idle after start; 20 s later a contact’s email finds its customer at once, reading nothing', async ({
  page,
}) => {
  // A contact far down the list, with an email of its own.
  let index = 17_321;
  while (!own.demo.store.tables.contacts.at(index)?.email) index++;
  const contact = own.demo.store.tables.contacts.at(index)!;
  const email = contact.email ?? '';
  const customerId = `CUS-${String(contact.customerId).padStart(8, '0')}`;
  const opened = performance.now();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await own.host.address());
  await expect(page.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible({
    timeout: FIRST_SCREEN_WAIT_MS,
  });
  // Said in the status bar while it reads, and held without anyone searching.
  await expect(page.getByTestId('status-reading').first()).toContainText('Preparing search', {
    timeout: 20_000,
  });
  await expect
    .poll(
      async () =>
        ((await own.host.call('lists.status', {})) as Status[])
          .filter((list) => list.state === 'held' && list.prepared)
          .map((list) => list.resource)
          .sort(),
      { timeout: 60_000 },
    )
    .toEqual(['contacts', 'customers']);
  const heldAfter = (performance.now() - opened) / 1000;
  test.info().annotations.push({ type: 'held after', description: `${heldAfter.toFixed(1)} s` });
  await page.waitForTimeout(Math.max(0, 20_000 - (performance.now() - opened)));

  const before = own.demo.requests.length;
  const field = page.getByRole('combobox', { name: 'Open customer' });
  await field.fill(email);
  // Offered among the customers found (a customer may have the same address as its own).
  await expect(
    page
      .getByRole('listbox', { name: 'Customers found' })
      .getByRole('option')
      .filter({ hasText: customerId }),
  ).toHaveCount(1, { timeout: 1_000 });
  expect(own.demo.requests.slice(before).filter((url) => /size=500/.test(url))).toEqual([]);
});
