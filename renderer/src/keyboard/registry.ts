import { SHORTCUTS, type ShortcutId } from './shortcuts';

/** The part of the page a command acts on: what the registry needs of an element. */
export interface Scope {
  current:
    (Pick<Node, 'contains' | 'compareDocumentPosition'> & Partial<Pick<Element, 'checkVisibility'>>) | null;
}

/** An action of the app, as the keyboard, the command box and the shortcuts sheet know it. */
export interface Command {
  /** The shortcut table's id, or a key of the command box's own (a saved view, a connection…). */
  key: string;
  /** The name the command box shows; a command with a shortcut is named by the table (locales: `shortcuts.names`). */
  label?: string;
  shortcut?: ShortcutId;
  /** Where it acts: of two tables on a screen, the one holding the focus, else the first on the page. */
  scope?: Scope;
  /** Other names the command box finds it by (a column's label in the other language). */
  aliases?: readonly string[];
  /** Listed by the command box only for what is typed (a column to go to: one a column is too many to list). */
  typedOnly?: boolean;
  run: () => void;
}

/**
 * The commands the screen offers now, registered by the components that carry them out (a table its
 * Export, the top bar its lists), as VS Code's command registry: the keys, the command box and the
 * sheet read them here. Several registrations of one key (two tables on a customer's page) are one
 * command, carried out by the one whose scope holds the focus, else the first on the page.
 */
export class CommandRegistry {
  private registered: Command[] = [];
  private listeners = new Set<() => void>();
  private version = 0;
  /** The keys of the commands run from the command box, the latest first (this window's, in memory). */
  readonly recent: string[] = [];
  /** The command box is open: what it may be asked for is made ready (names in the other language). */
  boxOpen = false;

  /** `focused`: the element that has the keyboard now (document.activeElement). */
  constructor(private readonly focused: () => Node | null) {}

  add(command: Command): () => void {
    this.registered.push(command);
    this.changed();
    return () => {
      this.registered = this.registered.filter((other) => other !== command);
      this.changed();
    };
  }

  /** Carries out command `key` as the screen offers it now, chosen in the command box: it is recent from now. */
  runChosen(key: string): void {
    const command = this.get(key);
    if (!command) return;
    this.recent.splice(
      0,
      this.recent.length,
      key,
      ...this.recent.filter((other) => other !== key).slice(0, 4),
    );
    command.run();
  }

  /** The command that `key` stands for now, if the screen offers it. */
  get(key: string): Command | undefined {
    return pick(
      this.registered.filter((command) => command.key === key),
      this.focused(),
    );
  }

  /** The command one of `shortcuts` stands for now: several share a chord in other places. */
  forShortcuts(shortcuts: readonly ShortcutId[]): Command | undefined {
    return pick(
      this.registered.filter((command) => command.shortcut && shortcuts.includes(command.shortcut)),
      this.focused(),
    );
  }

  /** Every command offered now, once each: those of the shortcut table in its order, then the others in the order they came. */
  offered(): Command[] {
    const keys = [...new Set(this.registered.map((command) => command.key))];
    const rank = (key: string) => {
      const at = Object.keys(SHORTCUTS).indexOf(key);
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    return keys
      .sort((a, b) => rank(a) - rank(b))
      .flatMap((key) => {
        const command = this.get(key);
        return command ? [command] : [];
      });
  }

  /** The shortcuts some command offers now. */
  shortcuts(): Set<ShortcutId> {
    return new Set(this.registered.flatMap((command) => (command.shortcut ? [command.shortcut] : [])));
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = () => this.version;

  /** The command box opened or closed. */
  setBoxOpen(open: boolean): void {
    if (this.boxOpen === open) return;
    this.boxOpen = open;
    this.changed();
  }

  private changed() {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

/** Node.DOCUMENT_POSITION_FOLLOWING (the registry is plain code: its tests run without a DOM). */
const DOCUMENT_POSITION_FOLLOWING = 4;

/**
 * Of one command's registrations, the one whose scope holds the focus, else the first on the page;
 * never one whose scope is hidden (a customer's table in the tab not shown).
 */
function pick(offered: Command[], focused: Node | null): Command | undefined {
  const candidates = offered.filter((command) => command.scope?.current?.checkVisibility?.() !== false);
  const holding = candidates.find((command) => focused && command.scope?.current?.contains(focused));
  if (holding) return holding;
  return [...candidates].sort((a, b) => {
    const [first, second] = [a.scope?.current, b.scope?.current];
    if (!first || !second) return 0;
    return first.compareDocumentPosition(second as Node) & DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  })[0];
}
