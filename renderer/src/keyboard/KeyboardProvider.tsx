import { useEffect, useMemo, type ReactNode } from 'react';
import { KeyboardContext, type Keyboard } from './keyboard-context';
import { CommandRegistry } from './registry';
import { platformOf, shortcutsOf } from './shortcuts';

/** Whether the person is typing in `target`: a field that takes characters. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  );
}

/**
 * The app's keyboard: a registry of the commands on screen, and one listener that carries out the
 * command a chord stands for. A chord does nothing while a modal dialog has the keyboard (it has
 * keys of its own), and in a text field only the chords a field has no use for act (shortcuts.ts:
 * actsInTextFields); a key held down does not repeat a command.
 */
export function KeyboardProvider({ children }: { children: ReactNode }) {
  const keyboard = useMemo<Keyboard>(
    () => ({
      registry: new CommandRegistry(() => document.activeElement),
      platform: platformOf(navigator),
    }),
    [],
  );
  useEffect(() => {
    const { registry, platform } = keyboard;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (document.querySelector('dialog:modal')) return;
      const matching = shortcutsOf(event, platform, registry.shortcuts(), isTextField(event.target));
      const command = registry.forShortcuts(matching);
      if (!command) return;
      event.preventDefault();
      if (!event.repeat) command.run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [keyboard]);
  return <KeyboardContext.Provider value={keyboard}>{children}</KeyboardContext.Provider>;
}
