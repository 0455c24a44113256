/**
 * `<fe-admin-webhooks>`: the webhooks section in each designed state (admin spec §3 "Connectivity", §4 "Webhook
 * test"; api-contract §Y; issue 33 items 1, 2, 5), preview mode (canned webhooks, event catalogue, deliveries), no
 * network: the list loading, empty, failed, filled and read-only; the add, edit, test and delete dialogs; one
 * webhook's deliveries (filled, empty, loading, failed; with a rotated secret's overlap) and one delivery's attempts.
 */
import { adminStoriesMeta, READ_ONLY, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-webhooks.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Webhooks', component: 'fe-admin-webhooks', ...adminStoriesMeta('Admin/Webhooks', 'webhooks') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** An admin with the read key only: no Add webhook, no edit, test or delete, the switch disabled. */
export const ReadOnly: AdminStory = { args: { scenario: READ_ONLY } };
/** Add a webhook: name, URL, events by category, active, secret (empty: generated and shown once). */
export const AddDialog: AdminStory = { args: { scenario: 'filled', dialog: 'add' } };
/** Edit a webhook: its values, "Change the secret" to rotate it. */
export const EditDialog: AdminStory = { args: { scenario: 'filled', dialog: 'edit:wh-crm' } };
/** Test a webhook: a sample event sent, the status and the pretty-printed answer. */
export const TestDialog: AdminStory = { args: { scenario: 'filled', dialog: 'test:wh-crm' } };
/** Delete, confirmed. */
export const DeleteDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete:wh-crm' } };
/** The CRM webhook's deliveries (deep link `#/admin/webhooks/wh-crm`): delivered, pending, failed; recover; verify it. */
export const Deliveries: AdminStory = { args: { scenario: 'filled', dialog: 'wh-crm' } };
/** A webhook with no deliveries yet, its typed secret in a rotation overlap ("End overlap now"). */
export const DeliveriesEmpty: AdminStory = { args: { scenario: 'filled', dialog: 'wh-audit' } };
export const DeliveriesLoading: AdminStory = { args: { scenario: 'loading', dialog: 'wh-crm' } };
export const DeliveriesFailed: AdminStory = { args: { scenario: 'error', dialog: 'wh-crm' } };
/** One delivery's attempts (a 500, no answer, then 200): headers and body sent, the answers. */
export const Delivery: AdminStory = { args: { scenario: 'filled', dialog: 'wh-crm/deliveries/dlv-2' } };
