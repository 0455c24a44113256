/**
 * The emulator's events (issue 33): the 22 event keys Frontegg documents, emitted where they happen
 * (`emitEvent`), and fanned out to every sink registered with `addEventSink` — the webhooks' durable delivery queue,
 * the email and SMS subscriptions (the outbox). A sink's failure is logged and never fails the action that emitted.
 */
import type { Db } from '../db/client.ts';

/** Frontegg's documented event keys. */
export const EVENT_KEYS = [
  'frontegg.user.created',
  'frontegg.user.signedUp',
  'frontegg.user.activated',
  'frontegg.user.deleted',
  'frontegg.user.updated',
  'frontegg.user.invitedToTenant',
  'frontegg.user.changedPassword',
  'frontegg.user.forgotPassword',
  'frontegg.user.removedFromTenant',
  'frontegg.user.authenticated',
  'frontegg.user.authenticatedWithSAML',
  'frontegg.user.authenticatedWithSSO',
  'frontegg.user.failedAuthentication',
  'frontegg.user.enrolledMFA',
  'frontegg.user.disabledMFA',
  'frontegg.tenant.created',
  'frontegg.tenant.updated',
  'frontegg.tenant.deleted',
  'frontegg.userApiToken.created',
  'frontegg.userApiToken.deleted',
  'frontegg.tenantApiToken.created',
  'frontegg.tenantApiToken.deleted',
] as const;

/** One of {@link EVENT_KEYS}. */
export type EventKey = (typeof EVENT_KEYS)[number];

/** An event as it happened: its account, key, Frontegg's payload (`{ user, eventContext: { tenantId, userId }, … }`) and time. */
export interface EmittedEvent {
  tenantId: string;
  key: EventKey;
  payload: Record<string, unknown>;
  /** The emulator clock's time of the event. */
  at: Date;
}

/** Receives every emitted event, in the emitting request's database (its transaction, when it has one). */
export type EventSink = (db: Db, event: EmittedEvent) => Promise<void>;

const sinks: EventSink[] = [];

/** Registers `sink` for every later event (once per sink; registering it again does nothing). */
export function addEventSink(sink: EventSink): void {
  if (!sinks.includes(sink)) sinks.push(sink);
}

/** Emits `event` to every sink; a sink that throws is logged to stderr, and the others still run. */
export async function emitEvent(db: Db, event: EmittedEvent): Promise<void> {
  for (const sink of sinks) {
    try {
      await sink(db, event);
    } catch (error) {
      console.error(`[emulator] the ${event.key} event was not handed to a sink:`, error);
    }
  }
}
