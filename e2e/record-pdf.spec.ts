import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { dataFiles } from '../electron/core/app-paths.js';
import { toRecord } from '../electron/demo-api/rows.js';
import { openApp } from './app-page.js';
import { ownDemo } from './own-demo.js';

// A customer's record as a PDF from its page, in French, in Chromium through the browser host: the
// file the app writes read back with poppler's pdftotext, as a user's reader reads it.
const own = ownDemo({ customers: 120, contacts: 600, agreements: 6_000 }, 'Record desk');
const run = promisify(execFile);

/** The Demo's customer with the most agreements, its record as the API sends it in French, and theirs. */
function busiestCustomer() {
  const { customers, agreements } = own.demo.store.tables;
  const counts = new Map<number, number>();
  for (let index = 0; index < agreements.size; index++) {
    const agreement = agreements.at(index);
    if (agreement) counts.set(agreement.customerId, (counts.get(agreement.customerId) ?? 0) + 1);
  }
  const [id = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  const row = customers.get(id);
  if (!row) throw new Error('the Demo has no customers');
  const ownAgreements = Array.from({ length: agreements.size }, (_, index) => agreements.at(index))
    .filter((agreement) => agreement?.customerId === id)
    .flatMap((agreement) => (agreement ? [toRecord.agreements(agreement, 'fr')] : []));
  return { customer: toRecord.customers(row, 'fr'), agreements: ownAgreements };
}

test('the record of a customer with sixty agreements: Ctrl+P writes it as a PDF, in French, every agreement in it', async ({
  page,
}) => {
  const { customer, agreements } = busiestCustomer();
  const customerId = String(customer.id);
  const name = String(customer.name);
  expect(agreements.length).toBeGreaterThan(60);
  await openApp(page, own.host);
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const field = page.getByRole('combobox', { name: 'Ouvrir le client' });
  await field.fill(customerId);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(name);

  const pdf = page.getByRole('button', { name: 'Enregistrer la fiche du client en PDF' });
  await expect(pdf).toHaveAccessibleName('Enregistrer la fiche du client en PDF');
  await page.keyboard.press('Control+p');
  await expect(
    page.locator('.detail-header').getByRole('status').filter({ hasText: 'Fiche en cours' }),
  ).toBeVisible();
  // Named by its id: the audit log in the data folder keeps no customer's name in clear.
  const fileName = `${customerId}.pdf`;
  const line = page.getByTestId('export-line').filter({ hasText: fileName });
  await expect(line).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  // Written: the word beside the button goes (its line under Exports says where the file is).
  await expect(
    page.locator('.detail-header').getByRole('status').filter({ hasText: 'Fiche en cours' }),
  ).toHaveCount(0);
  // The line counts what the audit log counts: every agreement and contact.
  const contacts = (await own.host.call('data.listPage', {
    view: { resource: 'contacts', customerId },
    size: 500,
    lang: 'fr',
  })) as { rows: unknown[] };
  await expect(line).toContainText(`${agreements.length + contacts.rows.length}`);

  const path = join(own.host.exportDir, fileName);
  const audit = await readFile(dataFiles(own.host.dataDir).auditLog, 'utf8');
  expect(audit).toContain(customerId);
  expect(audit).not.toContain(name);
  expect((await stat(path)).mode & 0o777).toBe(0o600);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  const pages = stdout.split('\f').filter((each) => each.trim());
  expect(pages.length).toBeGreaterThan(1);
  expect(pages[0]).toContain('Fiche client');
  expect(pages.at(-1)).toContain(`Page ${pages.length} sur ${pages.length}`);
  expect(stdout).toContain(customerId);
  expect(stdout).toContain(String(customer.email));
  // A page one sends the customer: no connection's name, amounts in euros, the country by its name.
  expect(stdout).not.toContain('Record desk');
  expect(stdout).toContain('Au ');
  expect(stdout).toMatch(/\d+,\d{2}\s€/u);
  expect(stdout).not.toContain('Libellés');
  expect(agreements.map((agreement) => String(agreement.id)).filter((id) => !stdout.includes(id))).toEqual(
    [],
  );
  // The next deadlines as dates: "12 mars 2026 : Premium 2019 (AGR-…)".
  expect(stdout).toContain('Prochaine date de préavis');
  expect(stdout).toMatch(/\d{1,2} \S+ \d{4}\s: .+ \(AGR-\d{8}\)/u);
  // The command box writes it too, under another name: the first file is never replaced.
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Commandes' });
  await box.getByRole('combobox', { name: 'Commande à lancer' }).fill('fiche pdf');
  await expect(box.getByRole('option').first()).toContainText('Enregistrer la fiche du client en PDF');
  await page.keyboard.press('Enter');
  const written = page
    .locator('[data-testid="export-line"][data-state="completed"]')
    .filter({ hasText: customerId });
  await expect(written).toHaveCount(2, { timeout: 30_000 });
  expect((await readdir(own.host.exportDir)).filter((file) => file.endsWith('.pdf'))).toHaveLength(2);

  // The manual's picture: the record's first page, as poppler draws it.
  if (process.env.README_SCREENSHOTS)
    await run('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      path,
      'docs/screenshots/customer-record',
    ]);
});
