import { expect, type Locator, type Page } from '@playwright/test';

/** The lists the top bar opens. */
/** A list's name in the navigation, in English or in French. */
export type ListName = 'Customers' | 'Contacts' | 'Agreements' | 'Clients' | 'Contrats';

/** The top bar's button that opens `name` (a list, in the language shown). */
export const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('button', { name });

/**
 * How long a setup step waits for the first screen of a page just opened or reloaded (its first rows,
 * the customer a link opens): as long as a busy 2-core machine running two workers needs (seen past
 * 5 s). Not a figure: the benches time first screens.
 */
export const FIRST_SCREEN_WAIT_MS = 20_000;

/**
 * Opens the app a browser host serves, in a window of the desk's usual size, on `list` if given
 * (else where it opens: the customers, or the desk it restores), and waits for the first row shown
 * unless `rows` is false. Returns the list's grid (the customers' when none is given).
 */
export async function openApp(
  page: Page,
  host: { address(): Promise<string> },
  {
    list,
    width = 1400,
    height = 900,
    rows = true,
  }: { list?: ListName; width?: number; height?: number; rows?: boolean } = {},
): Promise<Locator> {
  await page.setViewportSize({ width, height });
  await page.goto(await host.address());
  if (list) await nav(page, list).click();
  const grid = page.getByRole('grid', { name: list ?? 'Customers' });
  // Without a list, the app opens where it was left (the customers, a customer's page): any table's first row.
  if (rows) {
    await expect((list ? grid : page).getByTestId('row').first()).toBeVisible({
      timeout: FIRST_SCREEN_WAIT_MS,
    });
  }
  return grid;
}

/**
 * Chooses `language` in the top bar and waits until the window speaks it, which it does only once the
 * host has kept the choice: a test ending on a switch back leaves the next test (a new page on the same
 * host) in that language, not in the one before.
 */
export async function chooseLanguage(page: Page, language: 'EN' | 'FR'): Promise<void> {
  const button = page.getByRole('button', { name: language, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}
