import { expect, test } from '@playwright/test';
import { startHostProcess, type HostProcess } from './host-process.js';

// Search ready before it is asked: a few seconds after the app starts, the customer finder's lists
// (customers, contacts) are read in the background, said in the status bar; a contact's email typed
// later is offered at once, the lists already held. The built-in Demo, as the app starts it.
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess([], {}, { prepareSearch: true });
});
test.afterAll(() => host.stop());

type Status = { resource: string; state: string; prepared?: boolean; read: number; total?: number };

test('the finder’s lists are read at idle after start; a contact’s email then finds its customer at once', async ({
  page,
}) => {
  const { rows } = (await host.call('data.listPage', {
    view: { resource: 'contacts' },
    size: 1,
    lang: 'en',
  })) as { rows: { email: string; customerId: string }[] };
  const contact = rows[0]!;
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await host.address());
  await expect(page.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible();
  // Said in the status bar while it reads, and held without anyone searching.
  await expect(page.getByTestId('status-reading').first()).toContainText('Preparing search', {
    timeout: 20_000,
  });
  await expect
    .poll(
      async () =>
        ((await host.call('lists.status', {})) as Status[])
          .filter((list) => list.state === 'held')
          .map((list) => list.resource)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(['contacts', 'customers']);

  const field = page.getByRole('combobox', { name: 'Open customer' });
  await field.fill(contact.email);
  await expect(
    page.getByRole('listbox', { name: 'Customers found' }).getByRole('option').first(),
  ).toContainText(contact.customerId, { timeout: 1_000 });
});
