/**
 * The admin portal's sections — THE one list a section edits (house-style §9) — and its navigation model (admin spec
 * §2, §6; SI-2.29–SI-2.36, SI-6.01): which sections exist, their permission keys, their lazy chunk and texts, which
 * one a user sees, in which order, and how a host overrides it (`options.adminPortal`, then metadata `navigation`).
 * No React: the frame view, the section elements and the kit's `can()` read it. Sections never import this module
 * (it loads them); they import `ids.ts` and `context.ts`.
 */
import type { ComponentType } from 'react';
import { holdsAllKeys, matchesPermission } from '../../entitlements/permissions.ts';
import type { MessageKey, Messages } from '../../i18n/index.ts';
import type { PartLoaders } from '../../i18n/parts.ts';
import { SECTION_ACCESS, SECTION_IDS, isSectionId, type AdminPortalOptions, type SectionAction, type SectionId } from './ids.ts';
import { hashOfPlace, matchSubRoute, placeOfHash, subRoute as route, type RouteMatch, type SubRouteSpec } from './routes.ts';

/** A section chunk: its default export is the section's view. */
export type SectionModule = { default: ComponentType };

/** A section's texts: the catalogue part's id (`src/i18n/parts.ts`) and its loader per language. */
export interface SectionMessagesEntry {
  id: string;
  loaders: PartLoaders;
  /** The section's folder, `src/admin/<folder>/`: its texts' and its styles' (../ui/styles.ts `loadSectionCss`). */
  folder: string;
}

/** What the registry knows of one section. */
export interface SectionInfo {
  id: SectionId;
  titleKey: MessageKey;
  /** Permission keys needed to see it (read); empty = every signed-in user (own profile, privacy). */
  permissions: readonly string[];
  /** Permission keys needed to change what it shows (add, edit); `can('write')`. */
  write: readonly string[];
  /** Permission keys needed to remove; `can('delete')` (the write keys when the section has none of its own). */
  delete: readonly string[];
  /** Listed by default (SI-2.30) or hidden until a host turns it on (SI-2.31). */
  defaultVisible: boolean;
  /** The section's chunk, loaded when first shown; absent: not built yet (never listed, never linked). */
  load?: () => Promise<SectionModule>;
  /** The section's own texts in every locale, loaded with its chunk. */
  messages?: SectionMessagesEntry;
  /**
   * Its sub-routes (issue 30 item 2), matched in order: the pages, tabs and dialogs a URL (`#/admin/<id>/<sub-path>`)
   * or a story's `dialog` may open, each with what the user must be allowed to see it (./routes.ts).
   */
  routes: readonly SubRouteSpec[];
  /** True when the section has a chunk. */
  built: boolean;
  /**
   * The emulator's route module that serves the section's API when another area's module does
   * (`emulator/src/routes/admin/<api>.ts`, e.g. `hierarchy` for allAccounts); absent: the section's own
   * (`<kebab-id>.ts`). `npm run new:section` writes a route module, its table and test only for an area no module serves.
   */
  api?: string;
}

/**
 * What a registry entry adds to the access table: when built, its chunk with its texts and sub-routes (a chunk never
 * comes without its texts); the emulator area serving its API when not its own ({@link SectionInfo.api}).
 */
type SectionParts = { api?: string } & (
  { load?: undefined; messages?: undefined; routes?: undefined } | { load: () => Promise<SectionModule>; messages: SectionMessagesEntry; routes?: readonly SubRouteSpec[] }
);

/** A section of the registry: its access (ids.ts `SECTION_ACCESS`) and, when built (it has a chunk), its chunk, texts and sub-routes. */
function section(id: SectionId, parts: SectionParts = {}): SectionInfo {
  const access = SECTION_ACCESS[id];
  return {
    id,
    titleKey: `admin.section.${id}` as MessageKey,
    permissions: access.read,
    write: access.write,
    delete: access.delete,
    defaultVisible: access.defaultVisible,
    load: parts.load,
    messages: parts.messages,
    routes: parts.routes ?? [],
    built: !!parts.load,
    api: parts.api,
  };
}

/**
 * The texts of one section: `src/admin/<folder>/messages/<lang>.ts` for English, German and Hebrew, beside the
 * section's view, each its own chunk (the bundler turns the import's pattern into one chunk per matching file).
 */
function texts(folder: string): SectionMessagesEntry {
  const load = (lang: string) => () => (import(`../${folder}/messages/${lang}.ts`) as Promise<Record<string, Partial<Messages>>>).then((m) => Object.values(m)[0]);
  return { id: `admin-${folder}`, loaders: { en: load('en'), de: load('de'), he: load('he') }, folder };
}

/** Row dialogs of the links `<action>:<id>` (`#/admin/users/delete:<userId>`): one route per action, each with its own right. */
const rowRoutes = (param: string, actions: Record<string, SectionAction>): SubRouteSpec[] => Object.entries(actions).map(([action, needs]) => route(`${action}::${param}`, needs));

/** Sub-routes of the personal and tenant API tokens: the create dialog, the question about the first token. */
const tokenRoutes = [route('create', 'write'), route('delete', 'write')];

/**
 * The registry (SI-2.29–SI-2.32, SI-6.01): each section's access (ids.ts `SECTION_ACCESS`), and the chunks, texts and
 * sub-routes (issue 30 item 2) of the built sections. A sub-route's right mirrors the control that opens it in the view.
 */
export const SECTIONS: Readonly<Record<SectionId, SectionInfo>> = Object.freeze({
  profile: section('profile', { load: () => import('../profile/index.ts'), messages: texts('profile'), routes: [route('password'), route('email')] }),
  privacy: section('privacy', {
    load: () => import('../privacy/index.ts'),
    messages: texts('privacy'),
    routes: [route('authenticator'), route('sms'), route('securityKey'), route('revokeAll')],
  }),
  personalApiTokens: section('personalApiTokens', {
    load: () => import('../api-tokens/index.ts'),
    messages: texts('api-tokens'),
    routes: tokenRoutes,
  }),
  account: section('account', { load: () => import('../account/index.ts'), messages: texts('account') }),
  users: section('users', {
    load: () => import('../users/index.ts'),
    messages: texts('users'),
    routes: [
      route('add', 'write'),
      route('bulk', 'write'),
      route('link', 'write'),
      route('pending'),
      route('bulk-delete', 'delete'),
      route('bulk-disable', 'write'),
      route('bulk-roles', 'write'),
      ...rowRoutes('userId', { roles: 'write', expiry: 'write', enable: 'write', disable: 'write', delete: 'delete', revoke: 'delete' }),
    ],
  }),
  groups: section('groups', {
    load: () => import('../groups/index.ts'),
    messages: texts('groups'),
    routes: [
      route('create', 'write'),
      route('members'),
      route('edit', 'write'),
      route('delete', 'write'),
      ...rowRoutes('groupId', { members: 'read', edit: 'write', delete: 'write' }),
    ],
  }),
  security: section('security', {
    load: () => import('../security/index.ts'),
    messages: texts('security'),
    routes: [
      ...['securityCenter', 'generalSettings', 'sessionManagement', 'ipRestrictions', 'domainRestrictions'].map((tab) => route(tab)),
      // the IP tab with one of its dialogs open
      route('ip-add', 'write'),
      route('ip-bulk', 'write'),
      route('ip-lockout', 'write'),
    ],
  }),
  sso: section('sso', { load: () => import('../sso/index.ts'), messages: texts('sso'), routes: [route('add', 'write'), route(':id')] }),
  audits: section('audits', { load: () => import('../audits/index.ts'), messages: texts('audits'), routes: [route('json::rowId')] }),
  webhooks: section('webhooks', {
    load: () => import('../webhooks/index.ts'),
    messages: texts('webhooks'),
    // the add form, a row's edit, test and delete; the channels' and reports' tabs (before `:id`, which would match their
    // names); a webhook's deliveries (`:id`) and one delivery's attempts (issue 33)
    routes: [
      route('add', 'write'),
      ...rowRoutes('webhookId', { edit: 'write', test: 'write', delete: 'delete' }),
      ...['email', 'sms', 'slack', 'reports'].map((tab) => route(tab)),
      route(':id'),
      route(':id/deliveries/:deliveryId'),
    ],
  }),
  apiTokens: section('apiTokens', { load: () => import('../api-tokens/index.ts'), messages: texts('api-tokens'), routes: tokenRoutes }),
  roles: section('roles', {
    load: () => import('../roles/index.ts'),
    messages: texts('roles'),
    routes: [route('add', 'write'), route('permissions'), ...rowRoutes('roleId', { edit: 'read', delete: 'write' }), route('attach::permissionId', 'write')],
  }),
  subscription: section('subscription', {
    load: () => import('../subscription/index.ts'),
    messages: texts('subscription'),
    // the cancel confirmation, the billing details form, the checkout of a plan (issue 32)
    routes: [route('cancel', 'write'), route('billing-details', 'write'), route('checkout::planId', 'write')],
  }),
  // SI-2.32: shown by permission, not by a default switch
  allAccounts: section('allAccounts', {
    // its API is the tenant hierarchy's, which the emulator serves already
    api: 'hierarchy',
    // new:section allAccounts
  }),
  usage: section('usage', {
    load: () => import('../usage/index.ts'),
    messages: texts('usage'),
  }),
  provisioning: section('provisioning', {
    load: () => import('../provisioning/index.ts'),
    messages: texts('provisioning'),
    // `:id`: a connection's request log
    routes: [route('create', 'write'), route('delete', 'write'), route(':id')],
  }),
});

/**
 * Whether the holder of `permissions` may do `action` in section `id` (admin spec §6): the section's keys for it
 * (`read`: the host's override keys when given), by the one wildcard rule, `isAuthorized`'s too
 * (src/entitlements/permissions.ts `holdsKey`). The one answer to "may this admin write here" — views ask it through
 * their section context (`can('write')`), never by a key of their own.
 */
export function canDo(id: SectionId, action: SectionAction, permissions: readonly string[], options: AdminPortalOptions = {}): boolean {
  const info = SECTIONS[id];
  const keys = action === 'read' ? (options[id]?.permissions ?? info.permissions) : action === 'write' ? info.write : info.delete;
  return holdsAllKeys(new Set(permissions), keys);
}

/**
 * Whether the portal offers what permission `key` allows (issue 31 item 8), derived from the registry: false for a key
 * that only sections not built yet need (their read, write or delete keys, `*` patterns matched as `can()` does — the
 * webhooks, subscription, usage keys while those sections have no chunk), so the roles' permission picker leaves it
 * out; true for a key a built section needs, and for one no section needs (the vendor's own, impersonation, sessions).
 */
export function isPermissionOffered(key: string): boolean {
  const needing = SECTION_IDS.filter((id) => [...SECTIONS[id].permissions, ...SECTIONS[id].write, ...SECTIONS[id].delete].some((pattern) => matchesPermission(pattern, key)));
  return needing.length === 0 || needing.some((id) => SECTIONS[id].built);
}

/**
 * Metadata `navigation` (Frontegg's shape `{ <section>: { visibility, permissions } }`) as section options; unknown
 * entries and values are ignored.
 */
export function fromMetadataNavigation(navigation: Record<string, unknown> | undefined): AdminPortalOptions {
  const out: AdminPortalOptions = {};
  for (const [id, value] of Object.entries(navigation ?? {})) {
    if (!isSectionId(id) || !value || typeof value !== 'object') continue;
    const v = value as { visibility?: unknown; permissions?: unknown };
    const visibility = v.visibility === 'always' || v.visibility === 'byPermissions' || v.visibility === 'hidden' ? v.visibility : undefined;
    const permissions = Array.isArray(v.permissions) ? v.permissions.filter((p): p is string => typeof p === 'string') : undefined;
    out[id] = { visibility, permissions };
  }
  return out;
}

/** Options of the host first, then metadata, per section and field (host wins). */
export function mergeOptions(host: AdminPortalOptions | undefined, metadata: AdminPortalOptions): AdminPortalOptions {
  const out: AdminPortalOptions = {};
  for (const id of SECTION_IDS) {
    const h = host?.[id];
    const m = metadata[id];
    if (!h && !m) continue;
    out[id] = {
      visibility: h?.visibility ?? m?.visibility,
      permissions: h?.permissions ?? m?.permissions,
      fields: { ...m?.fields, ...h?.fields },
      tabs: { ...m?.tabs, ...h?.tabs },
    };
  }
  return out;
}

/**
 * The sections a user may open, in navigation order (SI-2.30–SI-2.32, SI-6.01): built sections whose visibility
 * (override, else `byPermissions` for default-visible ones and `hidden` for the rest) lets them in and, unless
 * `always`, whose permission keys the user holds.
 */
export function visibleSections(options: AdminPortalOptions, permissions: readonly string[]): SectionId[] {
  return SECTION_IDS.filter((id) => {
    const info = SECTIONS[id];
    if (!info.built) return false;
    const o = options[id];
    const visibility = o?.visibility ?? (info.defaultVisible ? 'byPermissions' : 'hidden');
    if (visibility === 'hidden') return false;
    if (visibility === 'always') return true;
    return canDo(id, 'read', permissions, options);
  });
}

/**
 * Whether a user may open one section as its own element (`<fe-admin-users>`): built, and the permission keys held.
 * A host that embeds a section asked for it, so the navigation default (hidden) does not apply.
 */
export function canOpen(id: SectionId, options: AdminPortalOptions, permissions: readonly string[]): boolean {
  if (!SECTIONS[id].built || options[id]?.visibility === 'hidden') return false;
  if (options[id]?.visibility === 'always') return true;
  return canDo(id, 'read', permissions, options);
}

/** The section of a location hash `#/admin/<section>` (deep links), or null. */
export function sectionFromHash(hash: string): SectionId | null {
  const asked = placeOfHash(hash)?.section;
  return isSectionId(asked) ? asked : null;
}

/** The location hash of a section. */
export function hashOf(section: SectionId): string {
  return hashOfPlace(section);
}

/**
 * What section `id` shows for the sub-path `sub` (issue 30 item 2): the first of its registry routes that matches,
 * when the holder of `permissions` may do what that route needs; else its start (`match` null), `refused` when a
 * sub-path was asked (one that does not exist, or that this user may not see: the shell says so in a note).
 */
export function resolveSubRoute(
  id: SectionId,
  sub: string | null,
  permissions: readonly string[],
  options: AdminPortalOptions = {},
): { match: RouteMatch | null; refused: boolean } {
  const found = matchSubRoute(SECTIONS[id].routes, sub);
  if (found && canDo(id, found.spec.needs, permissions, options)) return { match: { route: found.route, params: found.params }, refused: false };
  return { match: null, refused: sub !== null };
}
