/** German texts of the kit's question before leaving unsaved edits (issue 31 item 2; ./en.ts). */
import type { enAdminUnsaved } from './en.ts';

export const deAdminUnsaved: Record<keyof typeof enAdminUnsaved, string> = {
  'admin.unsaved.title': 'Ohne Speichern verlassen?',
  'admin.unsaved.body': 'Sie haben Änderungen, die noch nicht gespeichert sind. Wenn Sie jetzt gehen, gehen sie verloren.',
  'admin.unsaved.stay': 'Bleiben und weiter bearbeiten',
  'admin.unsaved.leave': 'Ohne Speichern verlassen',
};
