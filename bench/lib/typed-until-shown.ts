import type { Page } from '@playwright/test';

/**
 * Types `query` in the search box as a person does (the input event the page handles) and waits,
 * frame by frame in the page, for the answer: the count of matches and the first row. The page's
 * own clock, from the key to the frame the rows are in.
 */
export function typedUntilShown(on: Page, query: string, matches: number, firstId: string): Promise<number> {
  return on.evaluate<number>(`
    new Promise((resolve, reject) => {
      const input = document.querySelector('input[type="search"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const count = new Intl.NumberFormat('en').format(${matches});
      const at = performance.now();
      setValue.call(input, ${JSON.stringify(query)});
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const check = () => {
        const counted = (document.querySelector('[data-testid="row-count"]')?.textContent ?? '').startsWith(count + ' match');
        const first = document.querySelector('[data-testid="row"] [role="gridcell"]')?.textContent ?? '';
        if (counted && (${matches} === 0 || first === ${JSON.stringify(firstId)})) resolve(performance.now() - at);
        else if (performance.now() - at > 10000) reject(new Error('no answer to ' + ${JSON.stringify(query)}));
        else requestAnimationFrame(check);
      };
      check();
    })
  `);
}
