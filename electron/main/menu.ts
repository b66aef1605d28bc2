import { Menu, type MenuItemConstructorOptions } from 'electron';
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import type { Language } from '../shared/api-rules.js';

type MenuKey = `menu.${keyof typeof en.menu}`;

/**
 * The application menu in the current language (rebuilt when the language changes). Every label
 * comes from the UI's catalogs: Electron's own role labels are English whatever the language.
 * View › Refresh reads the views on screen again (`onRefresh`); there is no Reload, which would
 * throw away every view and the place in it. Its keys (F5, Ctrl+R) are shown but left to the page,
 * which handles them the same way in a browser.
 */
export function applyMenu(language: Language, onRefresh: () => void): void {
  const catalog = { en, fr }[language].menu;
  const label = (key: MenuKey) => catalog[key.slice('menu.'.length) as keyof typeof catalog];
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { label: label('menu.file'), submenu: [{ role: 'quit', label: label('menu.quit') }] },
    {
      label: label('menu.edit'),
      submenu: [
        { role: 'undo', label: label('menu.undo') },
        { role: 'redo', label: label('menu.redo') },
        { type: 'separator' },
        { role: 'cut', label: label('menu.cut') },
        { role: 'copy', label: label('menu.copy') },
        { role: 'paste', label: label('menu.paste') },
        { role: 'selectAll', label: label('menu.selectAll') },
      ],
    },
    {
      label: label('menu.view'),
      submenu: [
        { label: label('menu.refresh'), accelerator: 'F5', registerAccelerator: false, click: onRefresh },
        { role: 'togglefullscreen', label: label('menu.fullScreen') },
        { role: 'resetZoom', label: label('menu.actualSize') },
        { role: 'zoomIn', label: label('menu.zoomIn') },
        { role: 'zoomOut', label: label('menu.zoomOut') },
      ],
    },
    {
      label: label('menu.window'),
      submenu: [
        { role: 'minimize', label: label('menu.minimize') },
        { role: 'close', label: label('menu.close') },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
