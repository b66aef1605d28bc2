import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { daysLeft, isDeadlineField } from '../electron/shared/deadline.js';
import type { ApiRecord, ResourceSchema } from '../electron/shared/schema.js';
import { startHostProcess, type HostProcess } from './host-process.js';

// Exports from the app, in Chromium through the browser host: the file holds exactly the view on
// screen (sorted, filtered, in French), read back with parsers of their own and compared with what
// the API sends for that view.
// A desk in France, whose clock is not UTC: the file names it offers are at the time it shows.
test.use({ timezoneId: 'Europe/Paris' });

let host: HostProcess;
/** A larger, slower Demo API, so exports last long enough to cancel, or to scroll meanwhile. */
let slowHost: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess([
    '--demo-customers',
    '800',
    '--demo-contacts',
    '500',
    '--demo-agreements',
    '3000',
    '--demo-latency-ms',
    '20',
  ]);
  slowHost = await startHostProcess([
    '--demo-customers',
    '2000',
    '--demo-contacts',
    '0',
    '--demo-agreements',
    '60000',
    '--demo-latency-ms',
    '60',
  ]);
});
test.afterAll(async () => {
  await host.stop();
  await slowHost.stop();
});

/** The French agreements by MRR, descending, that are active: what the view shows. */
async function expectedRecords(): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await host.call('data.listPage', {
      view: { resource: 'agreements', sort: 'mrr.desc' },
      size: 500,
      lang: 'fr',
      cursor,
    });
    records.push(...page.rows);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return records.filter((record) => record.status === 'active');
}

/** Agreements, in French, sorted by MRR descending, filtered to active ones, the currency hidden (and the status label, hidden at first). */
async function openFrenchView(page: Page): Promise<void> {
  await page.goto(await host.address());
  await expect(page.getByTestId('row').first()).toBeVisible();
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Contrats' }).click();
  await page.getByRole('columnheader', { name: 'Revenu mensuel (MRR)' }).getByRole('button').click();
  await page.getByLabel('Colonne', { exact: true }).selectOption({ label: 'Statut' });
  await page.getByLabel('Condition', { exact: true }).selectOption({ label: 'est' });
  await page.getByLabel('Valeur', { exact: true }).selectOption({ label: 'Actif' });
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await page.getByText('Colonnes', { exact: true }).click();
  await page.getByLabel('Afficher Devise').click();
  await page.getByText('Colonnes', { exact: true }).click();
  await expect(page.getByTestId('row').first()).toBeVisible();
}

async function exportAs(
  page: Page,
  format: 'CSV' | 'Excel (XLSX)' | 'JSON Lines',
  fileName: string,
): Promise<string> {
  const baseName = fileName.replace(/\.[a-z]+$/, '');
  await page.getByRole('button', { name: 'Exporter…' }).click();
  const dialog = page.getByRole('dialog', { name: /Exporter les contrats/ });
  await dialog.getByLabel(format, { exact: true }).check();
  // Named in French, at the time the screen shows (it was "agreements-" and the time in UTC).
  const offered = await dialog.getByLabel('Nom du fichier').inputValue();
  expect(offered).toMatch(/^contrats-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}$/);
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = offered.split('-').slice(1).map(Number);
  const minutesAway = await page.evaluate(
    ([y, mo, d, h, mi]) => Math.abs(Date.now() - new Date(y, mo - 1, d, h, mi).getTime()) / 60_000,
    [year, month, day, hour, minute] as const,
  );
  expect(minutesAway).toBeLessThan(2);
  await dialog.getByLabel('Nom du fichier').fill(baseName);
  await expect(dialog.getByTestId('export-summary')).toContainText(
    '1 filtre, triés par Revenu mensuel (MRR), décroissant, libellés en français',
  );
  await dialog.getByRole('button', { name: 'Exporter', exact: true }).click();
  const line = page.getByTestId('export-line').filter({ hasText: fileName });
  await expect(line).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  return join(host.exportDir, fileName);
}

const visibleLabels = (page: Page) => page.getByRole('columnheader').allTextContents();

test('CSV (French Excel preset), XLSX and JSON Lines hold exactly the sorted, filtered French view', async ({
  page,
}) => {
  await openFrenchView(page);
  const headers = (await visibleLabels(page)).map((text) => text.replace(/ [▼▲]$/, ''));
  expect(headers).not.toContain('Devise');
  const expected = await expectedRecords();
  const schemas = await host.call('data.schemas', { lang: 'fr' });
  const fields =
    (schemas.schemas as ResourceSchema[])
      .find((schema) => schema.resource === 'agreements')
      ?.fields.filter((field) => headers.includes(field.label ?? field.key)) ?? [];
  const keys = headers.map((header) => fields.find((field) => field.label === header)?.key ?? header);
  // What the table shows, which CSV and XLSX hold: days to a deadline as of today, codes as labels.
  const shown = (record: ApiRecord, key: string): unknown => {
    if (isDeadlineField(key)) return daysLeft(record, key) ?? null;
    const labels = fields.find((field) => field.key === key)?.values;
    return labels?.find((option) => option.value === record[key])?.label ?? record[key];
  };

  const csvPath = await exportAs(page, 'CSV', 'contrats-actifs.csv');
  const bytes = await readFile(csvPath);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // Strict: CRLF is the only record delimiter (a lenient reader once hid unquoted line breaks).
  const [header, ...rows] = parse(bytes.toString('utf8').slice(1), {
    delimiter: ';',
    record_delimiter: '\r\n',
  });
  expect(header).toEqual(headers);
  // The documented forms (docs/using.md, "Exported files"): formula-like text behind a ', decimal commas.
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'number') return String(value).replace('.', ',');
    if (typeof value === 'string') return /^(?:[\t\r]|\s*[=+\-@＝＋－＠])/.test(value) ? `'${value}` : value;
    return JSON.stringify(value);
  };
  expect(rows).toEqual(expected.map((record) => keys.map((key) => cell(shown(record, key)))));
  expect(rows.length).toBeGreaterThan(100);

  const xlsxPath = await exportAs(page, 'Excel (XLSX)', 'contrats-actifs.xlsx');
  const [sheet] = await readXlsxFile(xlsxPath);
  expect(sheet?.data[0]).toEqual(headers);
  expect(sheet?.data.slice(1).map((row) => row[0])).toEqual(expected.map((record) => record.id));

  const jsonlPath = await exportAs(page, 'JSON Lines', 'contrats-actifs.jsonl');
  const lines = (await readFile(jsonlPath, 'utf8')).trimEnd().split('\n');
  expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(expected);

  await page.getByRole('button', { name: 'Exports', exact: true }).click();
  await expect(page.getByTestId('audit-entries').getByRole('listitem')).toHaveCount(3);
});

test('a cancelled export leaves nothing behind', async ({ page }) => {
  await page.goto(await slowHost.address());
  await expect(page.getByTestId('row').first()).toBeVisible();
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('JSON Lines', { exact: true }).check();
  await dialog.getByLabel('File name').fill('to-cancel');
  const before = await readdir(slowHost.exportDir).catch((): string[] => []);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const line = page.getByTestId('export-line').filter({ hasText: 'to-cancel' });
  await expect(line).toHaveAttribute('data-state', 'running');
  await line.getByRole('button', { name: /Cancel export/ }).click();
  await expect(line).toHaveAttribute('data-state', 'cancelled');
  await expect(line).toContainText('Nothing was written.');
  expect(
    (await readdir(slowHost.exportDir).catch((): string[] => [])).filter((name) => !before.includes(name)),
  ).toEqual([]);
});

test("while an export runs, the table's pages still come first", async ({ page }) => {
  await page.goto(await slowHost.address());
  await expect(page.getByTestId('row').first()).toBeVisible();
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await expect(page.getByTestId('row').first()).toBeVisible();
  for (const name of ['busy-1', 'busy-2']) {
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('JSON Lines', { exact: true }).check();
    await dialog.getByLabel('File name').fill(name);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  }
  const grid = page.getByTestId('grid');
  for (const part of [0.25, 0.5, 1]) {
    const asked = Date.now();
    // A jump down the list: the rows there are read by position, while two exports queue.
    const row = await grid.evaluate((element, share) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) * share;
      return Math.floor(element.scrollTop / 32);
    }, part);
    await expect(grid.locator(`[data-testid="row"][aria-rowindex="${row + 2}"]`)).toBeVisible({
      timeout: 5_000,
    });
    // A page of the table, asked while two exports queue behind it, arrives within a few requests'
    // time (60 ms each here); the bound leaves room for a busy machine, not for a page served last.
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(
      await page.getByTestId('export-line').filter({ hasText: 'busy-' }).first().getAttribute('data-state'),
    ).toBe('running');
  }
  // The latest on its line, the other behind "1 more export".
  await page.getByText('1 more export this session').click();
  for (const line of await page.getByTestId('export-line').filter({ hasText: 'busy-' }).all()) {
    await line.getByRole('button', { name: /Cancel export/ }).click();
    await expect(line).toHaveAttribute('data-state', 'cancelled');
  }
});
