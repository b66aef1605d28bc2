import { Menu, type MenuItemConstructorOptions } from 'electron';
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import type { Language } from '../shared/api-rules.js';

type MenuKey = `menu.${keyof typeof en.menu}`;

/**
 * The application menu in the current language (rebuilt when the language changes). Every label
 * comes from the UI's catalogs: Electron's own role labels are English whatever the language.
 */
export function applyMenu(language: Language): void {
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
        { role: 'reload', label: label('menu.reload') },
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
