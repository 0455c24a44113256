/** Hebrew texts of the kit's question before leaving unsaved edits (issue 31 item 2; ./en.ts). */
import type { enAdminUnsaved } from './en.ts';

export const heAdminUnsaved: Record<keyof typeof enAdminUnsaved, string> = {
  'admin.unsaved.title': 'לצאת בלי לשמור?',
  'admin.unsaved.body': 'יש לך שינויים שעוד לא נשמרו. אם תצא עכשיו, הם יאבדו.',
  'admin.unsaved.stay': 'להישאר ולהמשיך לערוך',
  'admin.unsaved.leave': 'לצאת בלי לשמור',
};
