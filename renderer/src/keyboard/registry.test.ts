import { describe, expect, it } from 'vitest';
import { CommandRegistry, type Scope } from './registry';

/** A part of the page at `place` (in the page's order) holding the elements given to it. */
function partOfPage(place: number): Scope & { element: Node } {
  const element = { place } as unknown as Node;
  const current = {
    place,
    contains: (node: Node | null) => node === element,
    compareDocumentPosition: (other: Node) => ((other as unknown as { place: number }).place > place ? 4 : 2),
  };
  return { current, element };
}

describe('the commands on screen', () => {
  it('carry out a key in the part of the page that holds the focus, else in the first on the page', () => {
    let focused: Node | null = null;
    const registry = new CommandRegistry(() => focused);
    const ran: string[] = [];
    // Registered in the order components mount: the agreements' table before the contacts'.
    const agreements = partOfPage(2);
    const contacts = partOfPage(1);
    registry.add({
      key: 'table.search',
      shortcut: 'table.search',
      scope: agreements,
      run: () => ran.push('agreements'),
    });
    registry.add({
      key: 'table.search',
      shortcut: 'table.search',
      scope: contacts,
      run: () => ran.push('contacts'),
    });
    registry.forShortcuts(['table.search'])?.run();
    focused = agreements.element;
    registry.forShortcuts(['table.search'])?.run();
    expect(ran).toEqual(['contacts', 'agreements']);
  });

  it('never carries out a key in a part of the page that is hidden (the tab not shown)', () => {
    const registry = new CommandRegistry(() => null);
    const ran: string[] = [];
    const hidden = partOfPage(1);
    const shown = partOfPage(2);
    registry.add({
      key: 'table.search',
      scope: { current: { ...hidden.current!, checkVisibility: () => false } },
      run: () => ran.push('contacts'),
    });
    registry.add({
      key: 'table.search',
      scope: { current: { ...shown.current!, checkVisibility: () => true } },
      run: () => ran.push('agreements'),
    });
    registry.get('table.search')?.run();
    expect(ran).toEqual(['agreements']);
  });

  it('chooses among commands that share a chord by the same rule', () => {
    let focused: Node | null = null;
    const registry = new CommandRegistry(() => focused);
    const customer = partOfPage(1);
    const table = partOfPage(2);
    registry.add({ key: 'table.copyLink', shortcut: 'table.copyLink', scope: table, run: () => undefined });
    registry.add({
      key: 'customer.copyLink',
      shortcut: 'customer.copyLink',
      scope: customer,
      run: () => undefined,
    });
    const both = ['table.copyLink', 'customer.copyLink'] as const;
    expect(registry.forShortcuts(both)?.key).toBe('customer.copyLink');
    focused = table.element;
    expect(registry.forShortcuts(both)?.key).toBe('table.copyLink');
  });

  it('offers each command once, in the table’s order, the command box’s own after; gone when unregistered', () => {
    const registry = new CommandRegistry(() => null);
    let changes = 0;
    registry.subscribe(() => changes++);
    const view = registry.add({
      key: 'view:Suspendus',
      label: 'Open saved view: Suspendus',
      run: () => undefined,
    });
    registry.add({ key: 'table.export', shortcut: 'table.export', run: () => undefined });
    registry.add({ key: 'list.customers', shortcut: 'list.customers', run: () => undefined });
    registry.add({ key: 'list.customers', shortcut: 'list.customers', run: () => undefined });
    expect(registry.offered().map((command) => command.key)).toEqual([
      'list.customers',
      'table.export',
      'view:Suspendus',
    ]);
    view();
    expect(registry.offered().map((command) => command.key)).toEqual(['list.customers', 'table.export']);
    expect(changes).toBe(5);
  });

  it('remembers the commands chosen in the box, the latest first, five at most', () => {
    const registry = new CommandRegistry(() => null);
    const ran: string[] = [];
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f'])
      registry.add({ key, label: key, run: () => ran.push(key) });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'b', 'nothing']) registry.runChosen(key);
    expect(ran).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'b']);
    expect(registry.recent).toEqual(['b', 'f', 'e', 'd', 'c']);
  });
});
