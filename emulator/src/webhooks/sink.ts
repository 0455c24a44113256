/**
 * The webhooks' event sink (issue 33 item 1), registered by createEmulator with events/emit.ts `addEventSink`: queues
 * the event for the account's matching webhooks (webhooks/deliveries.ts `enqueueEvent`, in the emitting request's
 * transaction) and asks the dispatchers for a run once that transaction has had time to commit (a rolled-back action
 * leaves nothing to deliver; the dispatcher's timer picks up anything a run missed).
 */
import type { EventSink } from '../events/emit.ts';
import { enqueueEvent } from './deliveries.ts';
import { kickWebhookDispatchers } from './dispatcher.ts';

/** The sink: see the module comment. */
export const webhooksSink: EventSink = async (db, event) => {
  if (await enqueueEvent(db, event)) kickWebhookDispatchers();
};
