import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.js';
import { activeRow } from './grid.js';
import { ownDemo } from './own-demo.js';
import { chooseLanguage, FIRST_SCREEN_WAIT_MS } from './app-page.js';

// The record panel, in Chromium through the browser host: Space shows every field of the active
// row beside the table, as a region named after the record; the arrow keys move it with the row;
// a value's Copy gives the whole value; an agreement's customer opens that customer; Esc closes it,
// back on the grid; axe finds nothing wrong with it, in English and in French; its edge widens it
// by keyboard and by drag, and the width is kept for the next start.
const own = ownDemo({ customers: 40, contacts: 80, agreements: 200 }, 'Record API');

test('Space shows the active row’s record; arrows move it, Copy copies, its customer opens, Esc closes', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await own.host.address());
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  const grid = page.getByRole('grid', { name: 'Agreements' });
  await expect(grid.getByTestId('row').first()).toContainText('AGR-', { timeout: FIRST_SCREEN_WAIT_MS });
  await grid.focus();
  await page.keyboard.press('Space');
  const first = await activeRow(grid);
  const panel = page.getByRole('region', { name: `Record ${first?.id ?? ''}` });
  await expect(panel).toBeVisible();
  await expect(grid).toBeFocused();

  await page.keyboard.press('ArrowDown');
  const second = await activeRow(grid);
  expect(second?.index).toBe(1);
  const moved = page.getByRole('region', { name: `Record ${second?.id ?? ''}` });
  await expect(moved).toBeVisible();
  const { rows } = (await own.host.call('data.listPage', {
    view: { resource: 'agreements' },
    size: 2,
    lang: 'en',
  })) as { rows: { id: string; name: string; customerId: string }[] };
  const record = rows.find((row) => row.id === second?.id);
  expect(record).toBeDefined();
  await expect(moved.getByRole('definition').filter({ hasText: record?.name ?? '' })).toBeVisible();
  await moved.getByRole('button', { name: 'Copy Name', exact: true }).click();
  await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(record?.name);
  // The row's link is its customer's.
  await moved.getByRole('button', { name: 'Copy customer link' }).click();
  await expect
    .poll(() => page.evaluate<string>('navigator.clipboard.readText()'))
    .toBe(`cdb://customer/${record?.customerId ?? ''}?connection=Record+API`);
  expect(await axeViolations(page, '.record-side')).toEqual([]);

  // Esc closes it, back on the grid; the toolbar's button shows it again.
  await moved.getByRole('button', { name: 'Copy Name', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(moved).toHaveCount(0);
  await expect(grid).toBeFocused();
  await page
    .getByRole('region', { name: 'Agreements' })
    .getByRole('button', { name: 'Record', exact: true })
    .click();
  await expect(moved).toBeVisible();

  // In French, the same panel, then the agreement's customer opened from it.
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const fiche = page.getByRole('region', { name: `Fiche ${second?.id ?? ''}` });
  await expect(fiche).toBeVisible();
  expect(await axeViolations(page, '.record-side')).toEqual([]);
  await fiche.getByRole('button', { name: `Ouvrir le client ${record?.customerId ?? ''}` }).click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(record?.customerId ?? '');
  await chooseLanguage(page, 'EN');
});

test('the panel’s edge widens it with the arrow keys and by drag, and its width is kept after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await own.host.address());
  const grid = page.getByRole('grid', { name: 'Customers' });
  await expect(grid.getByTestId('row').first()).toBeVisible({ timeout: FIRST_SCREEN_WAIT_MS });
  await grid.focus();
  await page.keyboard.press('Space');
  const panel = page.locator('.record-panel');
  const edge = page.getByRole('separator', { name: 'Width of the record panel' });
  const widthOf = () => panel.evaluate((element) => element.getBoundingClientRect().width);
  const before = await widthOf();

  // Left widens it (it stands right of the table), Shift five times as far; the grid's active row stays.
  await edge.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(widthOf).toBe(before + 16 + 80);
  await expect(edge).toHaveAttribute('aria-valuenow', String(before + 96));
  expect((await activeRow(grid))?.index).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(widthOf).toBe(before + 80);

  // Dragged 100 px to the left: 100 px wider.
  const box = await edge.boundingBox();
  const x = (box?.x ?? 0) + (box?.width ?? 0) / 2;
  const y = (box?.y ?? 0) + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 50, y);
  await page.mouse.move(x - 100, y);
  await page.mouse.up();
  await expect.poll(widthOf).toBe(before + 180);

  await expect
    .poll(async () => (await own.host.call('settings.get', {})).recordPanelWidth)
    .toBe(before + 180);
  await page.reload();
  await page.getByRole('grid', { name: 'Customers' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(widthOf).toBe(before + 180);
  await own.host.call('settings.set', { recordPanelWidth: 340 });
});
