import { createContext, useContext } from 'react';
import type { CommandRegistry } from './registry';
import type { Platform } from './shortcuts';

/** What the keyboard's hooks share: the registry of the commands on screen and this computer's platform. */
export interface Keyboard {
  registry: CommandRegistry;
  platform: Platform;
}

export const KeyboardContext = createContext<Keyboard | undefined>(undefined);

export function useKeyboard(): Keyboard {
  const keyboard = useContext(KeyboardContext);
  if (!keyboard) throw new Error('the keyboard is used outside its provider');
  return keyboard;
}
