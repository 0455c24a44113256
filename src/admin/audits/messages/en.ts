/** English messages of the admin portal's audit log section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminAudits = {
  'admin.audits.title': 'Audit logs',
  'admin.audits.intro': 'Every sign-in and every change made in this account, newest first.',
  'admin.audits.table': 'Audit log of this account',
  'admin.audits.searchLabel': 'Search',
  'admin.audits.filters': 'Filters',
  'admin.audits.filter.user': 'User',
  'admin.audits.filter.action': 'Action',
  'admin.audits.filter.severity': 'Severity',
  'admin.audits.filter.severityAll': 'All severities',
  'admin.audits.filter.from': 'From',
  'admin.audits.filter.to': 'To',
  'admin.audits.filter.clear': 'Clear filters',
  'admin.audits.severity.INFO': 'Info',
  'admin.audits.severity.WARNING': 'Warning',
  'admin.audits.severity.SEVERE': 'Severe',
  'admin.audits.stats': 'Summary',
  'admin.audits.stats.today': '{count, plural, one {# event today} other {# events today}}',
  'admin.audits.stats.severe': '{count, plural, one {# severe event this week} other {# severe events this week}}',
  'admin.audits.col.createdAt': 'Time',
  'admin.audits.col.user': 'User',
  'admin.audits.col.action': 'Action',
  'admin.audits.col.description': 'Description',
  'admin.audits.col.ip': 'IP Address',
  'admin.audits.col.severity': 'Severity',
  'admin.audits.col.userAgent': 'User Agent',
  'admin.audits.col.json': 'Json Data',
  'admin.audits.viewJson': 'Details',
  'admin.audits.viewJsonFor': 'View the details of “{action}” at {time}: every field and the JSON data',
  'admin.audits.actor.system': 'System',
  'admin.audits.actor.scim': 'SCIM: {name}',
  'admin.audits.jsonTitle': '{action} · {time}',
  'admin.audits.export': 'Export CSV',
  'admin.audits.exporting': 'Exporting…',
  'admin.audits.exportFailed': 'The export failed: {reason}',
  'admin.audits.empty': 'No events yet. Sign-ins and changes in this account will show here.',
  'admin.audits.noMatch': 'No events match these filters.',
} as const;

declare module '../../../i18n/en.ts' {
  /** The audits section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminAudits, string> {}
}
