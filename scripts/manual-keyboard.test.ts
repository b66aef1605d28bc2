import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import {
  chordsOf,
  chordText,
  SHORTCUT_GROUPS,
  SHORTCUTS,
  type Platform,
  type ShortcutId,
} from '../renderer/src/keyboard/shortcuts.js';

// The manual's "Keyboard" section (docs/using.md) lists what the app's "Keyboard shortcuts" sheet does, from the
// same table: a shortcut added, moved or renamed without the manual fails here.
const MANUAL = readFileSync(join(import.meta.dirname, '../docs/using.md'), 'utf8');
const IDS = Object.keys(SHORTCUTS) as ShortcutId[];

const alternatives = new Intl.ListFormat('en', { type: 'disjunction' });
const keys = (id: ShortcutId, platform: Platform) =>
  alternatives.format(chordsOf(id, platform).map((chord) => chordText(chord, platform, en.keys)));
const nameOf = (id: ShortcutId) => {
  const [group = '', name = ''] = id.split('.');
  return (en.shortcuts.names as Record<string, Record<string, string>>)[group]?.[name] ?? id;
};

/** The section's table as the sheet lists it: a group's name, then its shortcuts. */
function keyboardTable(): string {
  const rows = SHORTCUT_GROUPS.flatMap((group) => [
    `| **${en.shortcuts.groups[group]}** | | |`,
    ...IDS.filter((id) => SHORTCUTS[id].group === group).map(
      (id) => `| ${nameOf(id)} | ${keys(id, 'pc')} | ${keys(id, 'mac')} |`,
    ),
  ]);
  return ['| | Windows, Linux | macOS |', '| --- | --- | --- |', ...rows].join('\n');
}

describe("the manual's Keyboard section", () => {
  it('lists every shortcut of the sheet, by group, with the keys of both kinds of computer', () => {
    const section = MANUAL.slice(MANUAL.indexOf('\n## Keyboard\n'));
    const start = section.indexOf('\n|') + 1;
    const table = section.slice(start, section.indexOf('\n\n', start));
    // The cells of each row but the header's rule (Prettier pads the cells: compared trimmed).
    const cells = (markdown: string) =>
      markdown
        .split('\n')
        .filter((line) => !/^\|\s*-/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(cells(table)).toEqual(cells(keyboardTable()));
  });
});
