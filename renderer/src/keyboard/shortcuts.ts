/**
 * The app's keyboard shortcuts, written once: the key handlers, the tooltips, `aria-keyshortcuts`,
 * the "Keyboard shortcuts" sheet and the command box all read this table, so they cannot disagree.
 *
 * A chord is written `Mod+Shift+KeyL`: `Mod` is Ctrl on Windows and Linux and ⌘ on macOS, `Ctrl` the
 * Control key everywhere (⌃ on macOS), then one key. A key written as an `event.code` (`Digit1`,
 * `BracketLeft`, `ArrowLeft`, `F5`) is the physical key: Alt+1 is the same key on a French AZERTY
 * keyboard, where typing 1 needs Shift. A letter (`KeyE`) is the letter the layout types, or the key
 * at its place where the layout types no Latin letter (a Cyrillic layout). A key written `'?'` is the
 * character typed, wherever the layout puts it (Shift is then part of typing it, not of the chord).
 */

export type Platform = 'mac' | 'pc';

export const SHORTCUT_GROUPS = ['lists', 'table', 'customer', 'app'] as const;
export type ShortcutGroup = (typeof SHORTCUT_GROUPS)[number];

interface ShortcutSpec {
  group: ShortcutGroup;
  /** Chords on Windows and Linux, the first one shown first. */
  pc: readonly string[];
  /** Chords on macOS, where ⌥ with a digit or a letter types a character: ⌃ or ⌘ take its place. */
  mac: readonly string[];
  /**
   * Keys handled where they act (the grid's own, a dialog's Esc): listed in the sheet for the person
   * to learn, no command of their own.
   */
  listedOnly?: true;
}

/** Every shortcut, in the order the sheet lists them within their group. */
export const SHORTCUTS = {
  'list.customers': { group: 'lists', pc: ['Alt+Digit1'], mac: ['Ctrl+Digit1'] },
  'list.contacts': { group: 'lists', pc: ['Alt+Digit2'], mac: ['Ctrl+Digit2'] },
  'list.agreements': { group: 'lists', pc: ['Alt+Digit3'], mac: ['Ctrl+Digit3'] },
  'customer.find': { group: 'lists', pc: ['Mod+KeyO'], mac: ['Mod+KeyO'] },
  'table.search': { group: 'table', pc: ['Mod+KeyF'], mac: ['Mod+KeyF'] },
  'table.find': { group: 'table', pc: ['Mod+Shift+KeyF'], mac: ['Mod+Shift+KeyF'] },
  'table.findNext': { group: 'table', pc: ['F3'], mac: ['F3'] },
  'table.findPrevious': { group: 'table', pc: ['Shift+F3'], mac: ['Shift+F3'] },
  'table.goToRow': { group: 'table', pc: ['Mod+KeyG'], mac: ['Mod+KeyG'] },
  'table.record': { group: 'table', pc: ['Alt+Enter'], mac: ['Mod+KeyI'] },
  'table.columns': { group: 'table', pc: ['Alt+KeyC'], mac: ['Ctrl+KeyC'] },
  'table.pinColumn': { group: 'table', pc: ['Alt+KeyP'], mac: ['Ctrl+KeyP'] },
  'table.saveView': { group: 'table', pc: ['Mod+KeyS'], mac: ['Mod+KeyS'] },
  'table.export': { group: 'table', pc: ['Mod+KeyE'], mac: ['Mod+KeyE'] },
  'table.copyLink': { group: 'table', pc: ['Mod+Shift+KeyL'], mac: ['Mod+Shift+KeyL'] },
  // The tables' text alone: Ctrl with + and − zooms the whole window (Chromium's own keys).
  'table.textLarger': { group: 'table', pc: ['Mod+Alt+Equal'], mac: ['Mod+Alt+Equal'] },
  'table.textSmaller': { group: 'table', pc: ['Mod+Alt+Minus'], mac: ['Mod+Alt+Minus'] },
  'table.textReset': { group: 'table', pc: ['Mod+Alt+Digit0'], mac: ['Mod+Alt+Digit0'] },
  'grid.move': {
    group: 'table',
    pc: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'],
    mac: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'],
    listedOnly: true,
  },
  'grid.page': { group: 'table', pc: ['PageUp', 'PageDown'], mac: ['PageUp', 'PageDown'], listedOnly: true },
  'grid.rowEnds': { group: 'table', pc: ['Home', 'End'], mac: ['Home', 'End'], listedOnly: true },
  'grid.listEnds': {
    group: 'table',
    pc: ['Mod+Home', 'Mod+End'],
    mac: ['Mod+Home', 'Mod+End'],
    listedOnly: true,
  },
  'grid.select': {
    group: 'table',
    pc: ['Shift+ArrowUp', 'Shift+ArrowDown'],
    mac: ['Shift+ArrowUp', 'Shift+ArrowDown'],
    listedOnly: true,
  },
  'grid.copy': { group: 'table', pc: ['Mod+KeyC'], mac: ['Mod+KeyC'], listedOnly: true },
  'grid.copyTable': { group: 'table', pc: ['Mod+Shift+KeyC'], mac: ['Mod+Shift+KeyC'], listedOnly: true },
  'grid.open': { group: 'table', pc: ['Enter'], mac: ['Enter'], listedOnly: true },
  'grid.record': { group: 'table', pc: ['Space'], mac: ['Space'], listedOnly: true },
  'grid.menu': { group: 'table', pc: ['Shift+F10', 'ContextMenu'], mac: ['Shift+F10'], listedOnly: true },
  'app.back': { group: 'app', pc: ['Alt+ArrowLeft'], mac: ['Mod+BracketLeft'] },
  'app.forward': { group: 'app', pc: ['Alt+ArrowRight'], mac: ['Mod+BracketRight'] },
  // Esc leaves a customer's page or a panel; on a list it only closes what is open (never a move).
  'app.leave': { group: 'app', pc: ['Escape'], mac: ['Escape'] },
  'customer.copyLink': { group: 'customer', pc: ['Mod+Shift+KeyL'], mac: ['Mod+Shift+KeyL'] },
  'customer.favourite': { group: 'customer', pc: ['Mod+KeyD'], mac: ['Mod+KeyD'] },
  // The customer's record as a PDF: where a browser's Ctrl+P would print the page.
  'customer.recordPdf': { group: 'customer', pc: ['Mod+KeyP'], mac: ['Mod+KeyP'] },
  'app.refresh': { group: 'app', pc: ['F5', 'Mod+KeyR'], mac: ['Mod+KeyR'] },
  'app.commands': { group: 'app', pc: ['Mod+KeyK', 'Mod+Shift+KeyP'], mac: ['Mod+KeyK', 'Mod+Shift+KeyP'] },
  'app.shortcuts': { group: 'app', pc: ['?', 'F1'], mac: ['?', 'F1'] },
  'app.close': { group: 'app', pc: ['Escape'], mac: ['Escape'], listedOnly: true },
} as const satisfies Record<string, ShortcutSpec>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** A chord as a key event is compared with it. */
export interface Chord {
  mod: boolean;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  /** The physical key (`event.code`), or for a letter the letter. */
  code?: string;
  /** The character typed (`event.key`). */
  key?: string;
}

/** Reads `Mod+Shift+KeyL`, `F5` or `?` (see the file's comment). */
export function parseChord(text: string): Chord {
  const parts = text === '?' ? ['?'] : text.split('+');
  const last = parts.at(-1) ?? '';
  const has = (name: string) => parts.slice(0, -1).includes(name);
  const typed = !/^[A-Z]/.test(last);
  return {
    mod: has('Mod'),
    ctrl: has('Ctrl'),
    alt: has('Alt'),
    shift: has('Shift'),
    ...(typed ? { key: last } : { code: last }),
  };
}

/** The chords of shortcut `id` on `platform`. */
export function chordsOf(id: ShortcutId, platform: Platform): Chord[] {
  return SHORTCUTS[id][platform].map(parseChord);
}

/** The platform the window runs on, from what the browser says of it. */
export function platformOf(navigator: {
  platform?: string;
  userAgentData?: { platform?: string };
}): Platform {
  const name = navigator.userAgentData?.platform || navigator.platform || '';
  return /mac|iphone|ipad/i.test(name) ? 'mac' : 'pc';
}

/** The parts of a key event a chord is compared with. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const LATIN_LETTER = /^[a-z]$/i;

/** Whether `event` is `chord` on `platform`. */
export function chordMatches(event: KeyPress, chord: Chord, platform: Platform): boolean {
  const ctrl = chord.ctrl || (chord.mod && platform === 'pc');
  const meta = chord.mod && platform === 'mac';
  if (event.ctrlKey !== ctrl || event.metaKey !== meta || event.altKey !== chord.alt) return false;
  // A typed character: Shift is how it is typed on some layouts and not others.
  if (chord.key !== undefined) return event.key === chord.key;
  if (event.shiftKey !== chord.shift) return false;
  const letter = chord.code?.startsWith('Key') ? chord.code.slice(3).toLowerCase() : undefined;
  if (letter && LATIN_LETTER.test(event.key)) return event.key.toLowerCase() === letter;
  return event.code === chord.code;
}

/**
 * The shortcuts (of those offered) that `event` is on `platform`: several share a chord in other
 * places. `typing`: the event comes from a text field, where only some chords act (actsInTextFields).
 */
export function shortcutsOf(
  event: KeyPress,
  platform: Platform,
  offered: Iterable<ShortcutId>,
  typing = false,
): ShortcutId[] {
  return [...offered].filter((id) =>
    chordsOf(id, platform).some(
      (chord) => chordMatches(event, chord, platform) && (!typing || actsInTextFields(chord)),
    ),
  );
}

/**
 * Whether a chord acts while the person types in a text field: those a field has no use for (a
 * modifier other than Shift, a function key, Esc) leave it or are meant for it; a character, Space
 * or an arrow is the field's.
 */
export function actsInTextFields(chord: Chord): boolean {
  return chord.mod || chord.ctrl || chord.alt || /^(F\d+|Escape)$/.test(chord.code ?? '');
}

/** Keys written by name, in the person's language (locales: `keys`). */
const NAMED_KEYS = ['Enter', 'Space', 'Escape', 'PageUp', 'PageDown', 'Home', 'End', 'ContextMenu'] as const;
type NamedKey = (typeof NAMED_KEYS)[number];

/** The names of the modifiers and named keys as this computer and language write them. */
export type KeyNames = Record<'ctrl' | 'alt' | 'shift' | NamedKey, string>;

const ARROWS: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };
const PUNCTUATION: Record<string, string> = { BracketLeft: '[', BracketRight: ']', Equal: '=', Minus: '-' };
const isNamed = (code: string): code is NamedKey => (NAMED_KEYS as readonly string[]).includes(code);

function keyText(chord: Chord, names: KeyNames): string {
  if (chord.key !== undefined) return chord.key;
  const code = chord.code ?? '';
  if (isNamed(code)) return names[code];
  return ARROWS[code] ?? PUNCTUATION[code] ?? code.replace(/^(Key|Digit)/, '');
}

/** A chord as the person reads it: "Ctrl+Shift+L" on Windows and Linux, "⌘⇧L" on macOS. */
export function chordText(chord: Chord, platform: Platform, names: KeyNames): string {
  const key = keyText(chord, names);
  if (platform === 'mac')
    return `${chord.ctrl ? '⌃' : ''}${chord.alt ? '⌥' : ''}${chord.shift ? '⇧' : ''}${chord.mod ? '⌘' : ''}${key}`;
  const modifiers = [
    chord.mod || chord.ctrl ? names.ctrl : '',
    chord.alt ? names.alt : '',
    chord.shift ? names.shift : '',
  ];
  return [...modifiers.filter(Boolean), key].join('+');
}

/** A chord as `aria-keyshortcuts` writes it (the key values of UI Events: "Control+Shift+L", "Meta+["). */
export function chordAria(chord: Chord, platform: Platform): string {
  const modifiers = [
    chord.ctrl || (chord.mod && platform === 'pc') ? 'Control' : '',
    chord.mod && platform === 'mac' ? 'Meta' : '',
    chord.alt ? 'Alt' : '',
    chord.shift ? 'Shift' : '',
  ].filter(Boolean);
  const code = chord.code ?? '';
  const key =
    chord.key ?? (code === 'Space' ? 'Space' : (PUNCTUATION[code] ?? code.replace(/^(Key|Digit)/, '')));
  return [...modifiers, key].join('+');
}
