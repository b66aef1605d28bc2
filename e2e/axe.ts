import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What axe finds wrong on the page as it is now (within `include`, a CSS selector, if given), a line
 * per rule with the elements it names. Axe runs in the page itself (legacy mode: the app has no
 * frames to gather from, and the default opens a new page for each analysis, 2 s of a 3 s check),
 * asked for the violations only (it then spends nothing on describing what passed).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
