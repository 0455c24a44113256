/** English messages of the admin portal's subscription section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminSubscription = {
  'admin.subscription.title': 'Subscription',
  'admin.subscription.table': 'Items of this account',
  'admin.subscription.searchLabel': 'Search by name',
  'admin.subscription.col.name': 'Name',
  'admin.subscription.col.createdAt': 'Created',
  'admin.subscription.empty': 'Nothing here yet.',
  'admin.subscription.noMatch': 'Nothing matches “{query}”.',
  'admin.subscription.readOnly': 'You can view these items. Adding them needs the permission to edit them.',
  'admin.subscription.name': 'Name',
  'admin.subscription.add': 'Add',
  'admin.subscription.adding': 'Adding…',
  'admin.subscription.added': '“{name}” added.',
  // the Stripe card fields (card/stripe-card.tsx)
  'admin.subscription.stripe.card': 'Card details',
  'admin.subscription.stripe.loading': 'Loading the card form…',
  'admin.subscription.stripe.unavailable': 'The card form could not be loaded. Check your connection and try again.',
  'admin.subscription.stripe.notConfirmed': 'The card could not be confirmed. Try again or use another card.',
} as const;

declare module '../../../i18n/en.ts' {
  /** The subscription section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminSubscription, string> {}
}
