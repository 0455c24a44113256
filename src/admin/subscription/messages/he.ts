import type { enAdminSubscription } from './en.ts';

/** Hebrew messages of the admin portal's subscription texts (every key of `./en.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const heAdminSubscription: Record<keyof typeof enAdminSubscription, string> = {
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
  'admin.subscription.stripe.card': 'פרטי כרטיס',
  'admin.subscription.stripe.loading': 'טוען את טופס הכרטיס…',
  'admin.subscription.stripe.unavailable': 'לא ניתן היה לטעון את טופס הכרטיס. בדקו את החיבור ונסו שוב.',
  'admin.subscription.stripe.notConfirmed': 'לא ניתן היה לאשר את הכרטיס. נסו שוב או השתמשו בכרטיס אחר.',
};
