import type { enAdminSubscription } from './en.ts';

/** German messages of the admin portal's subscription texts (every key of `./en.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const deAdminSubscription: Record<keyof typeof enAdminSubscription, string> = {
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
  'admin.subscription.stripe.card': 'Kartendaten',
  'admin.subscription.stripe.loading': 'Kartenformular wird geladen…',
  'admin.subscription.stripe.unavailable': 'Das Kartenformular konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'admin.subscription.stripe.notConfirmed': 'Die Karte konnte nicht bestätigt werden. Versuchen Sie es erneut oder verwenden Sie eine andere Karte.',
};
