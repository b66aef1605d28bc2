import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The cells on the first screen of `grid` (inside its visible box) whose text is under 40
 * characters yet does not fit: each as "column: text".
 */
export async function cutCells(grid: Locator): Promise<string[]> {
  return grid.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const headers = [...element.querySelectorAll('[role="columnheader"]')].map((cell) => cell.textContent);
    return [...element.querySelectorAll('[role="row"]')].flatMap((row) =>
      [...row.querySelectorAll('[role="gridcell"]')].flatMap((cell, column) => {
        const place = cell.getBoundingClientRect();
        const onScreen = place.right <= box.right && place.bottom <= box.bottom && place.top >= box.top;
        const text = cell.textContent ?? '';
        return onScreen && text.length < 40 && cell.scrollWidth > cell.clientWidth
          ? [`${headers[column]}: ${text}`]
          : [];
      }),
    );
  });
}

/** The row of the grid's active cell (aria-activedescendant): its place from 0 and its first cell's text. */
export function activeRow(grid: Locator): Promise<{ index: number; id: string } | undefined> {
  return grid.evaluate((element) => {
    const row = element.ownerDocument
      .getElementById(element.getAttribute('aria-activedescendant') ?? '')
      ?.closest('[data-testid="row"]');
    // aria-rowindex counts the header row as 1.
    return row
      ? {
          index: Number(row.getAttribute('aria-rowindex')) - 2,
          id: row.querySelector('[role="gridcell"]')?.textContent ?? '',
        }
      : undefined;
  });
}

/** Shows a customer's contacts or agreements: the tab of that table on the customer's page (contacts first). */
export async function showCustomerTab(page: Page, resource: 'contacts' | 'agreements'): Promise<void> {
  const tab = page
    .getByRole('tablist')
    .getByRole('tab')
    .nth(resource === 'contacts' ? 0 : 1);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** How far the page itself scrolls (0: it fits the window). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollHeight - innerHeight');
}

/** The boxes shown that scroll (their content taller than they are), named by role, class or tag. */
export function scrollingBoxes(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('*')]
    .filter((element) => element.checkVisibility() && /auto|scroll/.test(getComputedStyle(element).overflowY)
      && element.scrollHeight > element.clientHeight + 1)
    .map((element) => element.getAttribute('role') ?? (element.className || element.tagName))`);
}

/** The rows of `grid` wholly in view: inside its box and the window (what the agent sees without scrolling). */
export function rowsInView(grid: Locator): Promise<number> {
  return grid.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const bottom = Math.min(box.bottom, element.ownerDocument.documentElement.clientHeight) + 0.5;
    return [...element.querySelectorAll('[data-testid="row"]')].filter((row) => {
      const place = row.getBoundingClientRect();
      return place.top >= box.top && place.bottom <= bottom;
    }).length;
  });
}

/**
 * The texts cut short inside `area`, each as "tag: text": an element narrower than its text, or an
 * empty field narrower than its placeholder (measured in the field's own font).
 */
export function cutTexts(area: Locator): Promise<string[]> {
  return area.evaluate((root) => {
    const window = root.ownerDocument.defaultView;
    const context = root.ownerDocument.createElement('canvas').getContext('2d');
    /** A field's placeholder, when the field is empty. */
    type Node = typeof root;
    const placeholderOf = (element: Node) =>
      element.tagName === 'INPUT' && !(element as unknown as { value: string }).value
        ? element.getAttribute('placeholder')
        : null;
    const placeholderCut = (element: Node) => {
      const placeholder = placeholderOf(element);
      const style = window?.getComputedStyle(element);
      if (!placeholder || !context || !style) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // A search box keeps room for its clear button.
      const clear = element.getAttribute('type') === 'search' ? 20 : 0;
      const room =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - clear;
      return context.measureText(placeholder).width > room + 1;
    };
    return [root, ...root.querySelectorAll('*')]
      .filter((element) => element.checkVisibility())
      .filter(
        (element) =>
          placeholderCut(element) ||
          (element.scrollWidth > element.clientWidth + 1 &&
            element.clientWidth > 1 &&
            !/auto|scroll/.test(window?.getComputedStyle(element).overflowX ?? '')),
      )
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}: ${(placeholderOf(element) ?? element.textContent ?? '').slice(0, 80)}`,
      );
  });
}
