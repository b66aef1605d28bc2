import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { Language } from '../shared/api-rules.js';

const LABELS = {
  en: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    quit: 'Quit',
    reload: 'Reload',
  },
  fr: {
    file: 'Fichier',
    edit: 'Édition',
    view: 'Affichage',
    window: 'Fenêtre',
    help: 'Aide',
    quit: 'Quitter',
    reload: 'Recharger',
  },
} as const;

/** The application menu in the current language (rebuilt when the language changes). */
export function applyMenu(language: Language): void {
  const label = LABELS[language];
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { label: label.file, submenu: [{ role: 'quit', label: label.quit }] },
    { label: label.edit, role: 'editMenu' },
    {
      label: label.view,
      submenu: [
        { role: 'reload', label: label.reload },
        { role: 'togglefullscreen' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
      ],
    },
    { label: label.window, role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
