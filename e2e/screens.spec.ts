import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { ownDemo } from './own-demo.js';

// Any screen, in Chromium through the browser host: at 1280×720 and 1366×768 the top bar holds on one
// line and the table shows at least 15 rows; at 200 % zoom (a 1280×720 window laid out in 640×360
// CSS pixels) and at 320 CSS pixels wide (WCAG 1.4.10) the page never scrolls sideways, nothing is
// drawn over the rows, and the grid is reached by scrolling the page; light and dark pass axe.
const own = ownDemo({ customers: 300, contacts: 100, agreements: 100 }, 'Screens API');

/** What the screen shows of the app's frame. */
function measure(page: Page) {
  return page.locator('body').evaluate((body) => {
    const page = body.ownerDocument;
    const viewport = page.documentElement;
    const box = (selector: string) => page.querySelector(selector)?.getBoundingClientRect();
    const grid = box('[role="grid"]');
    const status = box('.status-bar');
    const rowsShown = [...page.querySelectorAll('[data-testid="row"]')].filter((row) => {
      const shown = row.getBoundingClientRect();
      return (
        grid &&
        shown.top >= grid.top &&
        shown.bottom <= grid.bottom &&
        shown.top >= 0 &&
        shown.bottom <= viewport.clientHeight
      );
    }).length;
    return {
      headerHeight: Math.round(box('.app-header')?.height ?? 0),
      sideways: viewport.scrollWidth > viewport.clientWidth,
      scrollWidth: viewport.scrollWidth,
      rowsShown,
      statusOverRows: Boolean(status && grid && status.top < grid.bottom - 1 && status.bottom > grid.top),
    };
  });
}

async function open(page: Page, width: number, height: number, colorScheme: 'light' | 'dark' = 'light') {
  await page.emulateMedia({ colorScheme });
  await page.setViewportSize({ width, height });
  await page.goto(await own.host.address());
  await expect(page.getByTestId('row').first()).toBeVisible();
}

for (const [width, height] of [
  [1280, 720],
  [1366, 768],
] as const) {
  test(`at ${width}×${height} the top bar is one line and at least 15 rows show`, async ({ page }) => {
    await open(page, width, height);
    const shown = await measure(page);
    expect(shown.headerHeight).toBeLessThanOrEqual(50);
    expect(shown.rowsShown).toBeGreaterThanOrEqual(15);
    expect(shown).toMatchObject({ sideways: false, statusOverRows: false });
    expect(await axeViolations(page)).toEqual([]);
    if (width === 1280) await page.screenshot({ path: test.info().outputPath('screen-1280x720.png') });
  });
}

for (const [name, width, height] of [
  ['200 % zoom', 640, 360],
  ['320 px wide', 320, 640],
] as const) {
  test(`at ${name} the page never scrolls sideways, nothing covers the rows, and the grid is reached`, async ({
    page,
  }) => {
    await open(page, width, height);
    expect(await measure(page)).toMatchObject({ sideways: false, statusOverRows: false });
    // Every control is reached without scrolling sideways; the grid by scrolling the page down.
    for (const control of [
      page.getByRole('button', { name: 'Agreements' }),
      page.getByRole('button', { name: 'FR', exact: true }),
      page.getByRole('button', { name: 'Export…' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
    }
    const grid = page.getByRole('grid', { name: 'Customers' });
    await grid.scrollIntoViewIfNeeded();
    expect((await measure(page)).rowsShown).toBeGreaterThanOrEqual(3);
    expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('body').evaluate((body) => body.ownerDocument.defaultView?.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`screen-${width}px.png`) });

    // The record panel: beside the grid where there is room, below it at 320 px; never sideways.
    await grid.focus();
    await page.keyboard.press('Space');
    const panel = page.getByRole('region', { name: /^Record CUS-/ });
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByRole('heading', { level: 2 })).toBeInViewport();
    const [panelBox, gridBox] = [await panel.boundingBox(), await grid.boundingBox()];
    if (width < 600) expect(panelBox?.y).toBeGreaterThanOrEqual((gridBox?.y ?? 0) + (gridBox?.height ?? 0));
    expect(panelBox?.width).toBeGreaterThanOrEqual(width < 600 ? width - 40 : 200);
    expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('in the dark, as the system asks, the same screen passes axe (contrast included)', async ({ page }) => {
  await open(page, 1280, 720, 'dark');
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('screen-dark.png') });
});

test('Compact rows are 28 px high, show more rows, and stay so after a reload', async ({ page }) => {
  await open(page, 1280, 720);
  const before = (await measure(page)).rowsShown;
  const compact = page.getByRole('button', { name: 'Compact' });
  await compact.click();
  await expect(compact).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('row').first()).toHaveCSS('height', '28px');
  const after = await measure(page);
  expect(after.rowsShown).toBeGreaterThan(before);
  expect(after.headerHeight).toBeLessThanOrEqual(50);
  expect(await axeViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('row').first()).toHaveCSS('height', '28px');
  await page.getByRole('button', { name: 'Compact' }).click();
  await expect(page.getByTestId('row').first()).toHaveCSS('height', '32px');
});
