import { expect, test, type Page } from '@playwright/test';
import { ownDemo } from './own-demo.js';
import { openApp } from './app-page.js';

// Two tabs of one browser host, each on its own connection (review finding H2): a tab choosing the
// Demo never moves another off the saved connection, whose pages, counts and status bar stay its own.
const own = ownDemo({ customers: 37, contacts: 41, agreements: 43 }, 'Prod desk');

const open = (page: Page) => openApp(page, own.host);

test('a tab that picks the Demo leaves the other tab on its own connection: its pages, counts and status bar', async ({
  page,
  context,
}) => {
  await open(page);
  await expect(page.getByTestId('connection')).toHaveText('Connection: Prod desk');
  await expect(page.getByTestId('row-position')).toContainText('of 37');

  const other = await context.newPage();
  await open(other);
  await other.getByRole('combobox', { name: /^Connection/ }).selectOption({ label: 'Demo' });
  await expect(other.getByTestId('connection')).toHaveText('Connection: Demo');
  await expect(other.getByTestId('row-position')).not.toContainText('of 37');

  // Nothing changed on the first tab's side: a new list is read from its own connection.
  const asked = own.demo.requests.length;
  await page.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
  await expect(page.getByTestId('row-position')).toContainText('of 41');
  await expect(page.getByTestId('connection')).toHaveText('Connection: Prod desk');
  expect(own.demo.requests.slice(asked).some((url) => url.startsWith('/v1/contacts'))).toBe(true);
  // And the other tab is still on the Demo.
  await other.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
  await expect(other.getByTestId('row-position')).not.toContainText('of 41');
  await expect(other.getByTestId('connection')).toHaveText('Connection: Demo');
  await other.close();
});
