import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import { applyMenu } from './menu.js';
import { fake } from './testing/fake-electron.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// The application menu (electron/main/menu.ts): every label from the UI's catalogs, in both
// languages; Refresh instead of a Reload that would lose every view.

type Item = {
  label?: string;
  role?: string;
  type?: string;
  submenu?: Item[];
  click?: () => void;
  registerAccelerator?: boolean;
};
const itemsOf = (menu: Item[]): Item[] => menu.flatMap((item) => [item, ...itemsOf(item.submenu ?? [])]);

beforeEach(() => fake.reset());

describe('the application menu', () => {
  it.each([
    ['en', en.menu],
    ['fr', fr.menu],
  ] as const)('is labelled from the %s catalog', (language, catalog) => {
    applyMenu(language, () => undefined);
    const labelled = itemsOf(fake.menu as Item[]).filter(
      (item) => item.type !== 'separator' && item.role !== 'appMenu',
    );
    expect(labelled.length).toBeGreaterThan(10);
    for (const item of labelled) expect(Object.values(catalog)).toContain(item.label);
  });

  it('has Refresh, handing it to the page, and no Reload', () => {
    const refresh = vi.fn();
    applyMenu('fr', refresh);
    const items = itemsOf(fake.menu as Item[]);
    expect(items.some((item) => item.role === 'reload' || item.role === 'forceReload')).toBe(false);
    const item = items.find((candidate) => candidate.label === fr.menu.refresh);
    // The page handles F5 and Ctrl+R itself: the menu shows the key without taking it.
    expect(item?.registerAccelerator).toBe(false);
    item?.click?.();
    expect(refresh).toHaveBeenCalledOnce();
  });
});
