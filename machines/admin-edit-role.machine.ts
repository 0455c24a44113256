/**
 * Add or edit a role (admin spec §3 "Role", §6; AB-6.02, AB-7.17, AB-7.18): `editing` → `creating` (a new role: one
 * `POST roles/v2` with its permissions) or `updating` (`PATCH` of the fields, when they changed) → `permissions`
 * (`PUT` of the permission set, when it changed) → `done`. A refused save goes back to `editing` with the error (a
 * {@link FlowError}) and the draft kept; fields already saved are not sent again. Emits `saved` once done. Flow
 * dialect of machines/flow.ts: event `form.submit`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { toFlowError, type FlowError } from './errors.ts';
import type { Role } from '../src/api/admin-types.ts';
import type { RoleInput } from '../src/api/roles.ts';

/** What the role form holds. `permissionIds` are every checked permission (ALWAYS ones included). */
export interface RoleDraft {
  name: string;
  key: string;
  description: string;
  isDefault: boolean;
  permissionIds: string[];
}

export interface EditRoleContext {
  /** The role being edited; absent when adding. */
  roleId?: string;
  /** What is saved on the server (the role as opened, then each step's result). */
  saved: RoleDraft;
  draft: RoleDraft;
  error: FlowError | null;
}

export type EditRoleEvent = { type: 'form.submit'; draft: RoleDraft };
export type EditRoleEmitted = { type: 'saved'; created: boolean; name: string };

export const EMPTY_ROLE_DRAFT: RoleDraft = Object.freeze({ name: '', key: '', description: '', isDefault: false, permissionIds: [] }) as RoleDraft;

/** The draft of an existing role. */
export function draftOf(role: Role): RoleDraft {
  return { name: role.name, key: role.key, description: role.description ?? '', isDefault: role.isDefault, permissionIds: [...role.permissions] };
}

/**
 * A role key made from its name (the key field follows the name until the user edits it): lower case, runs of other
 * characters as one `-`, at most 100 characters (the server's limit). "Billing Admin" → `billing-admin`.
 */
export function keyFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** The key, name, description and default flag of a draft, trimmed (`PATCH` body). */
export function fieldsOf(draft: RoleDraft): Omit<RoleInput, 'permissionIds'> {
  return { key: draft.key.trim(), name: draft.name.trim(), description: draft.description.trim(), isDefault: draft.isDefault };
}

const fieldsChanged = (a: RoleDraft, b: RoleDraft) => JSON.stringify(fieldsOf(a)) !== JSON.stringify(fieldsOf(b));
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export const adminEditRoleMachine = setup({
  types: {
    context: {} as EditRoleContext,
    events: {} as EditRoleEvent,
    emitted: {} as EditRoleEmitted,
    input: {} as { role?: Role; draft?: RoleDraft },
  },
  actors: {
    /** Creates the role with its permissions (`POST roles/v2`). */
    addRole: fromPromise<Role, RoleInput>(async () => {
      throw new Error('addRole not provided');
    }),
    /** Saves the fields (`PATCH roles/v1/{id}`). */
    updateRole: fromPromise<Role, { id: string; fields: Omit<RoleInput, 'permissionIds'> }>(async () => {
      throw new Error('updateRole not provided');
    }),
    /** Replaces the permission set (`PUT roles/v1/{id}/permissions`). */
    setPermissions: fromPromise<Role, { id: string; permissionIds: string[] }>(async () => {
      throw new Error('setPermissions not provided');
    }),
  },
  guards: {
    isNew: ({ context }) => !context.roleId,
    fieldsChanged: ({ context }) => fieldsChanged(context.draft, context.saved),
    permissionsChanged: ({ context }) => !sameSet(context.draft.permissionIds, context.saved.permissionIds),
  },
  actions: {
    keepError: assign({ error: ({ event }) => ('error' in event ? toFlowError(event.error) : null) }),
  },
}).createMachine({
  id: 'adminEditRole',
  context: ({ input }) => {
    const saved = input.role ? draftOf(input.role) : { ...EMPTY_ROLE_DRAFT, permissionIds: [] };
    return { roleId: input.role?.id, saved, draft: input.draft ?? saved, error: null };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': { target: 'routing', actions: assign({ draft: ({ event }) => event.draft, error: null }) },
      },
    },
    // which call comes first: the guards read the draft just assigned
    routing: {
      always: [{ guard: 'isNew', target: 'creating' }, { guard: 'fieldsChanged', target: 'updating' }, { guard: 'permissionsChanged', target: 'permissions' }, { target: 'done' }],
    },
    creating: {
      tags: 'busy',
      invoke: {
        src: 'addRole',
        input: ({ context }) => ({ ...fieldsOf(context.draft), permissionIds: context.draft.permissionIds }),
        onDone: 'done',
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    updating: {
      tags: 'busy',
      invoke: {
        src: 'updateRole',
        input: ({ context }) => ({ id: context.roleId ?? '', fields: fieldsOf(context.draft) }),
        onDone: [
          { guard: 'permissionsChanged', target: 'permissions', actions: assign({ saved: ({ context }) => ({ ...context.draft, permissionIds: context.saved.permissionIds }) }) },
          { target: 'done' },
        ],
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    permissions: {
      tags: 'busy',
      invoke: {
        src: 'setPermissions',
        input: ({ context }) => ({ id: context.roleId ?? '', permissionIds: context.draft.permissionIds }),
        onDone: 'done',
        onError: { target: 'editing', actions: 'keepError' },
      },
    },
    // not final: a final state stops the actor before its `saved` reaches the listeners
    done: {
      entry: emit(({ context }) => ({ type: 'saved' as const, created: !context.roleId, name: context.draft.name.trim() })),
    },
  },
});

export type AdminEditRoleSnapshot = SnapshotFrom<typeof adminEditRoleMachine>;
