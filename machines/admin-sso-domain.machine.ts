/**
 * Prove a domain of an SSO configuration by DNS (issue 23 item 4; admin spec §3 "Multi-SSO configuration",
 * AB-3.22, AB-7.52): one domain, validated on its own.
 *
 * `start` (routes by the input: a stored domain resumes where it is) → `entering` (`idle` ⇄ `submitting`:
 * `domain.submit` with a domain name) → `publishing` (the TXT record to publish: name and value;
 * `domain.validate`) → `validating` (busy: the emulator looks the record up) → `validated` | `notFound` (not found yet,
 * DNS can take a while: not an error; `domain.validate` retries). A failed lookup call goes back to `publishing` or
 * `notFound` with the error. `domain.another` (from `validated`) starts over with an empty name.
 *
 * Actors (machines/admin-sso-domain.actors.ts): `addDomain`, `validateDomain`.
 */
import { assign, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { SsoDomain, SsoDomainValidation } from '../src/api/sso.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep } from './flow.ts';

/** A domain name as the admin may type it: labels of letters, digits and hyphens, a dot between, a TLD of letters. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** The domain name of what was typed (trimmed, lower case, without `@`, scheme or path), or null when it is not a domain. */
export function domainName(text: string): string | null {
  const d = text
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^.*@/, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
  return DOMAIN.test(d) ? d : null;
}

export interface SsoDomainContext {
  configId: string;
  /** What the admin typed. */
  text: string;
  domain: SsoDomain | null;
  /** Why the last lookup did not validate (the server's reason). */
  reason: string | null;
  error: FlowError | null;
}

export type SsoDomainEvent = { type: 'domain.submit'; text: string } | { type: 'domain.validate' } | { type: 'domain.another' };

const ssoDomain = setup({
  types: {
    context: {} as SsoDomainContext,
    events: {} as SsoDomainEvent,
    input: {} as { configId: string; domain?: SsoDomain },
  },
  actors: {
    /** Claims the domain; resolves with it and its TXT value. */
    addDomain: fromPromise<SsoDomain, { configId: string; domain: string }>(async () => {
      throw new Error('addDomain not provided');
    }),
    /** Looks the TXT record up. */
    validateDomain: fromPromise<SsoDomainValidation, { configId: string; domainId: string }>(async () => {
      throw new Error('validateDomain not provided');
    }),
  },
  actions: {
    storeError: assign({ error: (_, params: { error: unknown }) => toFlowError(params.error) }),
  },
  guards: {
    validName: ({ event }) => event.type === 'domain.submit' && domainName(event.text) !== null,
    storedValidated: ({ context }) => context.domain?.validated === true,
    storedPending: ({ context }) => context.domain !== null,
  },
});

export const adminSsoDomainMachine = ssoDomain.createMachine({
  id: 'adminSsoDomain',
  context: ({ input }) => ({ configId: input.configId, text: input.domain?.domain ?? '', domain: input.domain ?? null, reason: null, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'storedValidated', target: 'validated' }, { guard: 'storedPending', target: 'publishing' }, { target: 'entering' }],
    },
    entering: formStep(
      ssoDomain,
      'domain.submit',
      {
        src: 'addDomain',
        input: ({ context }: { context: SsoDomainContext }) => ({ configId: context.configId, domain: domainName(context.text) ?? context.text }),
        onDone: { target: '#adminSsoDomain.publishing', actions: assign({ domain: ({ event }: { event: { output: SsoDomain } }) => event.output }) },
        onError: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      },
      assign({ text: ({ event }: { event: { text: string } }) => event.text, error: null }),
      'validName',
    ),
    publishing: {
      on: { 'domain.validate': { target: 'validating', actions: assign({ error: null }) } },
    },
    validating: {
      tags: 'busy',
      invoke: {
        src: 'validateDomain',
        input: ({ context }) => ({ configId: context.configId, domainId: context.domain?.id ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.validated,
            target: 'validated',
            actions: assign({ domain: ({ context }) => (context.domain ? { ...context.domain, validated: true } : null), reason: null }),
          },
          { target: 'notFound', actions: assign({ reason: ({ event }) => event.output.reason ?? null }) },
        ],
        onError: { target: 'publishing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    notFound: {
      on: { 'domain.validate': { target: 'validating', actions: assign({ error: null }) } },
    },
    validated: {
      on: { 'domain.another': { target: 'entering', actions: assign({ text: '', domain: null, reason: null, error: null }) } },
    },
  },
});

export type AdminSsoDomainSnapshot = SnapshotFrom<typeof adminSsoDomainMachine>;
