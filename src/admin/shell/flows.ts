/**
 * The portal's flows (house-style §9: several steps, or a secret shown once): flow id → its machine
 * (machines/admin-<flow>.machine.ts) and its actors, built from the app's admin resources (machines/admin-*.actors.ts).
 * The one place that binds a machine to its actors: a dialog starts its flow by id through `useSectionFlow`
 * (./use-section-flow.ts) with the per-call values as the machine's input, and never imports an actors module (a
 * dependency rule says so; this module is not a view). A one-request save is a mutation through the kit's `useSave`.
 */
import type { AnyStateMachine, InputFrom } from 'xstate';
import type { FeApp } from '../../app/types.ts';
import type { AdminResources } from '../resources/index.ts';
import { adminAddUserMachine } from '../../../machines/admin-add-user.machine.ts';
import { adminBulkInviteMachine } from '../../../machines/admin-bulk-invite.machine.ts';
import { adminChangeEmailMachine } from '../../../machines/admin-change-email.machine.ts';
import { adminChangeEmailActors } from '../../../machines/admin-change-email.actors.ts';
import { adminCreateTokenMachine } from '../../../machines/admin-create-token.machine.ts';
import { adminCreateTokenActors } from '../../../machines/admin-create-token.actors.ts';
import { adminEditRoleMachine } from '../../../machines/admin-edit-role.machine.ts';
import { adminEditRoleActors } from '../../../machines/admin-edit-role.actors.ts';
import { adminEnrollMfaMachine } from '../../../machines/admin-enroll-mfa.machine.ts';
import { adminEnrollMfaActors } from '../../../machines/admin-enroll-mfa.actors.ts';
import { adminAddUserActors, adminBulkInviteActors } from '../../../machines/admin-users.actors.ts';

/** The actors `machine.provide` takes. */
type ActorsOf<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]['actors']>;

/** One flow: its machine and its actors on the app's resources (`app` for actors that need more than resources). */
export interface FlowEntry<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  actors: (resources: AdminResources, app: FeApp) => ActorsOf<M>;
}

const flow = <M extends AnyStateMachine>(machine: M, actors: FlowEntry<M>['actors']): FlowEntry<M> => ({ machine, actors });

/** The registry: every flow of the portal's dialogs. */
export const FLOWS = {
  addUser: flow(adminAddUserMachine, adminAddUserActors),
  bulkInvite: flow(adminBulkInviteMachine, adminBulkInviteActors),
  changeEmail: flow(adminChangeEmailMachine, adminChangeEmailActors),
  createToken: flow(adminCreateTokenMachine, adminCreateTokenActors),
  editRole: flow(adminEditRoleMachine, adminEditRoleActors),
  enrollMfa: flow(adminEnrollMfaMachine, adminEnrollMfaActors),
};

/** A flow's id. */
export type FlowId = keyof typeof FLOWS;
/** The machine of flow `K`. */
export type FlowMachine<K extends FlowId> = (typeof FLOWS)[K]['machine'];
/** The input of flow `K` (its per-call values). */
export type FlowInput<K extends FlowId> = InputFrom<FlowMachine<K>>;
