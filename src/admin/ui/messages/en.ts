/** English texts of the kit's question before leaving unsaved edits (issue 31 item 2): a catalogue part loaded with ../unsaved-dialog.tsx. */
export const enAdminUnsaved = {
  'admin.unsaved.title': 'Leave without saving?',
  'admin.unsaved.body': 'You have changes that are not saved yet. If you leave now, they are lost.',
  'admin.unsaved.stay': 'Stay and keep editing',
  'admin.unsaved.leave': 'Leave without saving',
} as const;

declare module '../../../i18n/en.ts' {
  /** The question's keys join the catalogue's keys (`MessageKey`). */
  interface SectionMessages extends Record<keyof typeof enAdminUnsaved, string> {}
}
