import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserWindow, Rectangle } from 'electron';
import { writeDataFile } from '../core/store/data-file.js';
import { z } from 'zod';

const stateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof stateSchema>;

/** The window's last size and place, from userData/window-state.json (nothing when missing or damaged). */
export async function loadWindowState(userData: string): Promise<WindowState | undefined> {
  try {
    const parsed = stateSchema.safeParse(
      JSON.parse(await readFile(join(userData, 'window-state.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the window's size and place whenever it is moved, resized or closed. */
export function rememberWindowState(window: BrowserWindow, userData: string): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    if (window.isDestroyed()) return;
    const bounds: Rectangle = window.getNormalBounds();
    const state: WindowState = { ...bounds, maximized: window.isMaximized() };
    void writeDataFile(join(userData, 'window-state.json'), JSON.stringify(state)).catch(() => undefined);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', save);
}
