import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import {
  actsInTextFields,
  chordAria,
  chordMatches,
  chordsOf,
  chordText,
  parseChord,
  platformOf,
  shortcutsOf,
  SHORTCUTS,
  type KeyPress,
  type ShortcutId,
} from './shortcuts';

const press = (key: string, code: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});
const ALL = Object.keys(SHORTCUTS) as ShortcutId[];
const textOf = (id: ShortcutId, platform: 'mac' | 'pc', names = en.keys) =>
  chordsOf(id, platform).map((chord) => chordText(chord, platform, names));

describe('the shortcuts table', () => {
  it('names every shortcut and group in both languages', () => {
    for (const catalog of [en, fr]) {
      for (const id of ALL) {
        const [part = '', name = ''] = id.split('.');
        expect(
          (catalog.shortcuts.names as Record<string, Record<string, string>>)[part]?.[name],
          id,
        ).toBeTruthy();
      }
      for (const group of ['lists', 'table', 'customer', 'app'] as const)
        expect(catalog.shortcuts.groups[group]).toBeTruthy();
    }
  });

  it('gives two commands one chord only where they never act on the same screen part', () => {
    for (const platform of ['pc', 'mac'] as const) {
      const seen = new Map<string, ShortcutId>();
      for (const id of ALL) {
        for (const chord of SHORTCUTS[id][platform]) {
          const other = seen.get(chord);
          // A table's link and the customer's: the one where the keyboard is. Escape closes a
          // dialog (which takes every key while open), else leaves a page that is not a list.
          if (other)
            expect([
              ['customer.copyLink', 'table.copyLink'],
              ['app.close', 'app.leave'],
            ]).toContainEqual([other, id].sort());
          seen.set(chord, id);
        }
      }
    }
  });

  it('writes the keys as Windows and Linux do, and as macOS does', () => {
    expect(textOf('app.commands', 'pc')).toEqual(['Ctrl+K', 'Ctrl+Shift+P']);
    expect(textOf('app.commands', 'mac')).toEqual(['⌘K', '⇧⌘P']);
    expect(textOf('list.contacts', 'pc')).toEqual(['Alt+2']);
    expect(textOf('list.contacts', 'mac')).toEqual(['⌃2']);
    expect(textOf('app.back', 'pc')).toEqual(['Alt+←']);
    expect(textOf('app.back', 'mac')).toEqual(['⌘[']);
    expect(textOf('app.forward', 'pc')).toEqual(['Alt+→']);
    expect(textOf('app.leave', 'mac')).toEqual(['Esc']);
    expect(textOf('app.shortcuts', 'pc')).toEqual(['?', 'F1']);
    expect(textOf('grid.select', 'pc', fr.keys)).toEqual(['Maj+↑', 'Maj+↓']);
    expect(textOf('grid.page', 'pc', fr.keys)).toEqual(['Pg préc', 'Pg suiv']);
  });

  it('says the keys to assistive technology as aria-keyshortcuts does', () => {
    const aria = (id: ShortcutId, platform: 'mac' | 'pc') =>
      chordsOf(id, platform).map((chord) => chordAria(chord, platform));
    expect(aria('app.refresh', 'pc')).toEqual(['F5', 'Control+R']);
    expect(aria('table.copyLink', 'mac')).toEqual(['Meta+Shift+L']);
    expect(aria('app.back', 'pc')).toEqual(['Alt+ArrowLeft']);
    expect(aria('app.back', 'mac')).toEqual(['Meta+[']);
    expect(aria('app.leave', 'pc')).toEqual(['Escape']);
    expect(aria('list.customers', 'mac')).toEqual(['Control+1']);
    expect(aria('grid.record', 'pc')).toEqual(['Space']);
  });
});

describe('a key pressed', () => {
  it('matches Alt+1 by the physical key: on AZERTY the key types "&"', () => {
    const [chord] = chordsOf('list.customers', 'pc');
    expect(chord && chordMatches(press('&', 'Digit1', { altKey: true }), chord, 'pc')).toBe(true);
    expect(chord && chordMatches(press('1', 'Digit1'), chord, 'pc')).toBe(false);
    // AltGr is Ctrl+Alt on Windows: AltGr+1 types a character, it is no shortcut.
    expect(chord && chordMatches(press('~', 'Digit1', { altKey: true, ctrlKey: true }), chord, 'pc')).toBe(
      false,
    );
  });

  it('matches a letter by the letter typed, or by its place where the layout types none', () => {
    const [save] = chordsOf('table.saveView', 'pc');
    if (!save) throw new Error('no chord');
    // Dvorak: the letter s is typed by the key at ;'s place.
    expect(chordMatches(press('s', 'Semicolon', { ctrlKey: true }), save, 'pc')).toBe(true);
    expect(chordMatches(press('o', 'KeyS', { ctrlKey: true }), save, 'pc')).toBe(false);
    // A Cyrillic layout: the key at S's place types "ы".
    expect(chordMatches(press('ы', 'KeyS', { ctrlKey: true }), save, 'pc')).toBe(true);
    // Shift makes it another chord.
    expect(chordMatches(press('S', 'KeyS', { ctrlKey: true, shiftKey: true }), save, 'pc')).toBe(false);
  });

  it('matches `?` by the character, however the layout types it, and never with Ctrl', () => {
    const [sheet] = chordsOf('app.shortcuts', 'pc');
    if (!sheet) throw new Error('no chord');
    expect(chordMatches(press('?', 'Slash', { shiftKey: true }), sheet, 'pc')).toBe(true);
    expect(chordMatches(press('?', 'KeyM', { shiftKey: true }), sheet, 'pc')).toBe(true);
    expect(chordMatches(press('?', 'Slash', { shiftKey: true, ctrlKey: true }), sheet, 'pc')).toBe(false);
  });

  it('is ⌘ on macOS where it is Ctrl elsewhere', () => {
    const offered = ['table.export', 'list.customers'] as const;
    expect(shortcutsOf(press('e', 'KeyE', { metaKey: true }), 'mac', offered)).toEqual(['table.export']);
    expect(shortcutsOf(press('e', 'KeyE', { ctrlKey: true }), 'mac', offered)).toEqual([]);
    expect(shortcutsOf(press('1', 'Digit1', { ctrlKey: true }), 'mac', offered)).toEqual(['list.customers']);
    expect(shortcutsOf(press('e', 'KeyE', { ctrlKey: true }), 'pc', offered)).toEqual(['table.export']);
  });

  it('acts in a text field only with a modifier other than Shift, a function key or Esc', () => {
    expect(actsInTextFields(parseChord('?'))).toBe(false);
    expect(actsInTextFields(parseChord('Space'))).toBe(false);
    expect(actsInTextFields(parseChord('Shift+ArrowDown'))).toBe(false);
    expect(actsInTextFields(parseChord('Mod+KeyK'))).toBe(true);
    expect(actsInTextFields(parseChord('Alt+Digit1'))).toBe(true);
    expect(actsInTextFields(parseChord('F1'))).toBe(true);
    expect(actsInTextFields(parseChord('Escape'))).toBe(true);
    const offered = ['app.shortcuts', 'app.commands'] as const;
    expect(shortcutsOf(press('?', 'Slash', { shiftKey: true }), 'pc', offered, true)).toEqual([]);
    expect(shortcutsOf(press('?', 'Slash', { shiftKey: true }), 'pc', offered)).toEqual(['app.shortcuts']);
    expect(shortcutsOf(press('F1', 'F1'), 'pc', offered, true)).toEqual(['app.shortcuts']);
    expect(shortcutsOf(press('k', 'KeyK', { ctrlKey: true }), 'pc', offered, true)).toEqual(['app.commands']);
  });
});

describe('the platform', () => {
  it('is macOS by what the browser says, else Windows or Linux', () => {
    expect(platformOf({ userAgentData: { platform: 'macOS' } })).toBe('mac');
    expect(platformOf({ platform: 'MacIntel' })).toBe('mac');
    expect(platformOf({ platform: 'Linux x86_64' })).toBe('pc');
    expect(platformOf({ userAgentData: { platform: 'Windows' }, platform: 'Win32' })).toBe('pc');
  });
});
