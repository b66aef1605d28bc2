import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from './app-page.js';
import { axeViolations } from './axe.js';
import { startHostProcess, type HostProcess } from './host-process.js';
import { shoot } from './shoot.js';

// Accessibility (axe-core) on every view, and screenshots of each view in both languages, kept as
// test artefacts (test-results/), not committed.
// The two languages' walks share nothing (each worker starts its own host): side by side.
test.describe.configure({ mode: 'parallel' });
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(() => host.stop());

const VIEWS = {
  en: {
    customers: 'Customers',
    contacts: 'Contacts',
    agreements: 'Agreements',
    connections: 'Connections…',
    command: 'As a cdb command',
    saveView: 'Save view…',
    viewName: 'Name of the view',
    save: 'Save',
    savedViews: 'Saved views',
    openCustomer: 'Open customer',
    commandField: 'Command to run',
    commandTyped: 'open',
  },
  fr: {
    customers: 'Clients',
    contacts: 'Contacts',
    agreements: 'Contrats',
    connections: 'Connexions…',
    command: 'En commande cdb',
    saveView: 'Enregistrer la vue…',
    viewName: 'Nom de la vue',
    save: 'Enregistrer',
    savedViews: 'Vues enregistrées',
    openCustomer: 'Ouvrir le client',
    commandField: 'Commande à lancer',
    commandTyped: 'ouvrir',
  },
} as const;

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

for (const language of ['en', 'fr'] as const) {
  test(`every view in ${language}: no accessibility violation, and a screenshot`, async ({
    browser,
  }, testInfo) => {
    // A walk through every view and dialog, each checked by axe: about a minute on a quiet 2-core
    // machine, which the default limit would fail whenever the machine is busy.
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(await host.address());
    await expect(page.getByTestId('row').first()).toBeVisible({ timeout: FIRST_SCREEN_WAIT_MS });
    if (language === 'fr') await page.getByRole('button', { name: 'FR', exact: true }).click();
    const names = VIEWS[language];
    for (const view of ['customers', 'contacts', 'agreements'] as const) {
      await page.getByRole('navigation').getByRole('button', { name: names[view] }).click();
      await expect(page.getByTestId('row').first()).toBeVisible();
      await expectNoViolations(page, `${view} (${language})`);
      const readme =
        view === 'customers' && language === 'en'
          ? 'view'
          : view === 'agreements' && language === 'fr'
            ? 'french'
            : undefined;
      await shoot(page, testInfo.outputPath(`${view}-${language}.png`), readme);
    }
    // The keyboard's own dialogs: the command box (something typed) and the shortcuts sheet.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: names.commandField }).fill(names.commandTyped);
    await expectNoViolations(page, `command box (${language})`);
    await shoot(
      page,
      testInfo.outputPath(`command-box-${language}.png`),
      language === 'en' ? 'command-box' : undefined,
    );
    await page.keyboard.press('Escape');
    await page.getByRole('grid').first().focus();
    await page.keyboard.press('?');
    await expectNoViolations(page, `shortcuts sheet (${language})`);
    await shoot(
      page,
      testInfo.outputPath(`shortcuts-${language}.png`),
      language === 'en' ? 'shortcuts' : undefined,
    );
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: language === 'en' ? 'Export…' : 'Exporter…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByText(names.command).click();
    await expectNoViolations(page, `export dialog (${language})`);
    await shoot(
      page,
      testInfo.outputPath(`export-dialog-${language}.png`),
      language === 'en' ? 'export-dialog' : undefined,
    );
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: names.saveView }).click();
    await page.getByLabel(names.viewName).fill(`${names.agreements}, ${language}`);
    await expectNoViolations(page, `save view dialog (${language})`);
    await shoot(
      page,
      testInfo.outputPath(`save-view-${language}.png`),
      language === 'en' ? 'save-view' : undefined,
    );
    await page.getByRole('button', { name: names.save, exact: true }).click();
    await page.getByText(names.savedViews, { exact: true }).click();
    await expect(page.getByRole('list', { name: names.savedViews })).toBeVisible();
    await expectNoViolations(page, `saved views menu (${language})`);
    await shoot(page, testInfo.outputPath(`saved-views-${language}.png`));
    await page.getByText(names.savedViews, { exact: true }).click();
    await page.getByRole('navigation').getByRole('button', { name: names.customers }).click();
    // A customer with a notice period ending soon, so the summary has a deadline to point out:
    // the first agreement with days left, in the API's own order of `notice` (ended ones are 0).
    let soon: { customerId: string; notice: number | null } | undefined;
    for (let cursor: string | undefined, pages = 0; !soon && pages < 40; pages++) {
      const page = (await host.call('data.listPage', {
        view: { resource: 'agreements', sort: 'notice.asc' },
        size: 500,
        lang: language,
        ...(cursor && { cursor }),
      })) as { rows: { customerId: string; notice: number | null }[]; nextCursor: string | null };
      soon = page.rows.find((agreement) => (agreement.notice ?? 0) > 0);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    await page
      .getByRole('searchbox')
      .first()
      .fill(soon?.customerId ?? '');
    await expect(page.getByTestId('row')).toHaveCount(1);
    await page.getByTestId('row').first().dblclick();
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.locator('[data-testid="row"]:visible').first()).toBeVisible();
    // The summary and its chart are checked too: wait until they are drawn.
    await expect(page.locator('.summary-figures, .customer-summary p:not([role])')).toBeVisible();
    await expectNoViolations(page, `customer detail (${language})`);
    await shoot(
      page,
      testInfo.outputPath(`customer-detail-${language}.png`),
      language === 'en' ? 'detail' : undefined,
    );
    // An id nothing has, in the top bar: the field says so, and keeps it.
    await page.getByLabel(names.openCustomer).fill('CUS-99999999');
    await page.getByLabel(names.openCustomer).press('Enter');
    await expect(page.locator('.open-customer .field-problem')).toBeVisible({ timeout: 30_000 });
    await expectNoViolations(page, `unknown customer id (${language})`);
    await page.getByRole('button', { name: names.connections }).click();
    await expectNoViolations(page, `connections (${language})`);
    await page.getByRole('button', { name: 'Exports', exact: true }).click();
    await expectNoViolations(page, `exports panel (${language})`);
    await page.getByRole('button', { name: names.connections }).click();
    await page.screenshot({ path: testInfo.outputPath(`connections-${language}.png`) });
    await context.close();
  });
}
