import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The desk a browser host (data folder `dataDir`) keeps for the tab of `page`, as its file holds it. */
export async function keptDesk(page: Page, dataDir: string): Promise<unknown> {
  const key = await page.evaluate(() => sessionStorage.getItem('cdb-desk'));
  const text = await readFile(join(dataDir, 'desks.json'), 'utf8').catch(() => '{}');
  return (JSON.parse(text) as Record<string, { desk?: unknown }>)[key ?? '']?.desk;
}
