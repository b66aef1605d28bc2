import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startHostProcess, type HostProcess } from './host-process.js';

// Accessibility (axe-core) on every view, and screenshots of each view in both languages, kept as
// test artefacts (test-results/), not committed.
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(() => host.stop());

const VIEWS = {
  en: { customers: 'Customers', contacts: 'Contacts', agreements: 'Agreements', connections: 'Connections…' },
  fr: { customers: 'Clients', contacts: 'Contacts', agreements: 'Contrats', connections: 'Connexions…' },
} as const;

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
    where,
  ).toEqual([]);
}

for (const language of ['en', 'fr'] as const) {
  test(`every view in ${language}: no accessibility violation, and a screenshot`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(host.url);
    await expect(page.getByTestId('row').first()).toBeVisible();
    if (language === 'fr') await page.getByRole('button', { name: 'FR', exact: true }).click();
    const names = VIEWS[language];
    for (const view of ['customers', 'contacts', 'agreements'] as const) {
      await page.getByRole('navigation').getByRole('button', { name: names[view] }).click();
      await expect(page.getByTestId('row').first()).toBeVisible();
      await expectNoViolations(page, `${view} (${language})`);
      await page.screenshot({ path: testInfo.outputPath(`${view}-${language}.png`) });
    }
    await page.getByRole('navigation').getByRole('button', { name: names.customers }).click();
    await page.getByTestId('row').first().click();
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByTestId('row').first()).toBeVisible();
    await expectNoViolations(page, `customer detail (${language})`);
    await page.screenshot({ path: testInfo.outputPath(`customer-detail-${language}.png`) });
    await page.getByRole('button', { name: names.connections }).click();
    await expectNoViolations(page, `connections (${language})`);
    await page.screenshot({ path: testInfo.outputPath(`connections-${language}.png`) });
    await context.close();
  });
}
