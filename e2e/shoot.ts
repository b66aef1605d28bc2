import type { Page } from '@playwright/test';

/**
 * Saves a screenshot as a test artefact; with README_SCREENSHOTS=1 (`npm run screenshots`) also as
 * the manual's picture (docs/screenshots), so docs/using.md shows what the e2e run saw.
 */
export async function shoot(page: Page, path: string, readmeName?: string): Promise<void> {
  await page.screenshot({ path });
  if (readmeName && process.env.README_SCREENSHOTS)
    await page.screenshot({ path: `docs/screenshots/${readmeName}.png` });
}
