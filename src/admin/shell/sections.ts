/**
 * The admin portal's sections and its navigation model (admin spec §2, §6; SI-2.29–SI-2.36, SI-6.01): which
 * sections exist, which one a user sees, in which order, and how a host overrides it (`options.adminPortal`, then
 * metadata `navigation`). Pure: no React, no I/O — the frame view and the section elements read it.
 */
import type { MessageKey } from '../../i18n/index.ts';

/** Every section of the portal (SI-2.29), in navigation order. */
export const SECTION_IDS = [
  'profile',
  'privacy',
  'personalApiTokens',
  'account',
  'users',
  'groups',
  'security',
  'sso',
  'audits',
  'webhooks',
  'apiTokens',
  'roles',
  'subscription',
  'allAccounts',
  'usage',
  'provisioning',
] as const;

/** A section id. */
export type SectionId = (typeof SECTION_IDS)[number];

/**
 * How a navigation item shows (Frontegg's metadata `navigation.<section>.visibility`): `always`, `byPermissions`
 * (when the user holds the section's permission keys, the default of the visible sections), or `hidden`.
 */
export type Visibility = 'always' | 'byPermissions' | 'hidden';

/** A field's appearance (SI-2.35). */
export type FieldAppearance = 'hidden' | 'viewOnly' | 'edit';
/** A tab's appearance (SI-2.36). */
export type TabAppearance = 'hidden' | 'edit';

/** One section's override: navigation visibility and permissions, field and tab appearance. */
export interface SectionOptions {
  visibility?: Visibility;
  /** Permission keys that replace the section's own (`byPermissions`). */
  permissions?: string[];
  /** Field name → appearance (e.g. `{ address: 'viewOnly' }`). */
  fields?: Record<string, FieldAppearance>;
  /** Tab name → appearance (e.g. `{ customLogin: 'hidden' }`). */
  tabs?: Record<string, TabAppearance>;
}

/** `options.adminPortal` of `createFeApp` / `<fe-app>` (also read from metadata `navigation`). */
export type AdminPortalOptions = Partial<Record<SectionId, SectionOptions>>;

/** What the registry knows of one section. `built` is false for sections of later issues: never listed. */
export interface SectionInfo {
  id: SectionId;
  titleKey: MessageKey;
  /** Permission keys needed to see it; empty = every signed-in user (own profile, privacy). */
  permissions: readonly string[];
  /** Listed by default (SI-2.30) or hidden until a host turns it on (SI-2.31). */
  defaultVisible: boolean;
  built: boolean;
}

const s = (id: SectionId, permissions: string[], defaultVisible: boolean, built: boolean): SectionInfo => ({
  id,
  titleKey: `admin.section.${id}` as MessageKey,
  permissions,
  defaultVisible,
  built,
});

/** The registry (SI-2.29–SI-2.32, SI-6.01): permission keys of admin spec §6. */
export const SECTIONS: Readonly<Record<SectionId, SectionInfo>> = Object.freeze({
  profile: s('profile', [], true, true),
  privacy: s('privacy', [], true, true),
  personalApiTokens: s('personalApiTokens', ['fe.secure.read.userApiTokens'], false, true),
  account: s('account', ['fe.secure.read.accountSettings'], true, true),
  users: s('users', ['fe.secure.read.users'], true, true),
  groups: s('groups', ['fe.secure.read.groups'], false, true),
  security: s('security', ['fe.secure.read.securityPolicy'], true, false),
  sso: s('sso', ['fe.secure.read.samlConfiguration'], false, false),
  audits: s('audits', ['fe.secure.read.audits'], true, false),
  webhooks: s('webhooks', ['fe.connectivity.read.webhooks'], false, false),
  apiTokens: s('apiTokens', ['fe.secure.read.tenantApiTokens'], false, true),
  roles: s('roles', ['fe.secure.read.roles'], false, true),
  subscription: s('subscription', ['fe.subscriptions.*'], false, false),
  // SI-2.32: shown by permission, not by a default switch
  allAccounts: s('allAccounts', ['fe.account-hierarchy.read.subAccount'], true, false),
  usage: s('usage', ['fe.usage.read'], false, false),
  provisioning: s('provisioning', ['fe.secure.read.provisioningConfiguration'], false, false),
});

/**
 * True when `granted` holds `key`. Wildcards both ways, as Frontegg's keys use them: a granted `fe.*` holds every
 * `fe.…` key, and a required `fe.subscriptions.*` is held by any granted `fe.subscriptions.…` key.
 */
export function holds(granted: ReadonlySet<string>, key: string): boolean {
  if (granted.has(key)) return true;
  for (const g of granted) if (g.endsWith('.*') && key.startsWith(g.slice(0, -1))) return true;
  if (!key.endsWith('.*')) return false;
  const prefix = key.slice(0, -1);
  for (const g of granted) if (g.startsWith(prefix)) return true;
  return false;
}

/** True when the section is a known id. */
export function isSectionId(value: unknown): value is SectionId {
  return typeof value === 'string' && (SECTION_IDS as readonly string[]).includes(value);
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
  const granted = new Set(permissions);
  return SECTION_IDS.filter((id) => {
    const info = SECTIONS[id];
    if (!info.built) return false;
    const o = options[id];
    const visibility = o?.visibility ?? (info.defaultVisible ? 'byPermissions' : 'hidden');
    if (visibility === 'hidden') return false;
    if (visibility === 'always') return true;
    return (o?.permissions ?? info.permissions).every((k) => holds(granted, k));
  });
}

/**
 * Whether a user may open one section as its own element (`<fe-admin-users>`): built, and the permission keys held.
 * A host that embeds a section asked for it, so the navigation default (hidden) does not apply.
 */
export function canOpen(id: SectionId, options: AdminPortalOptions, permissions: readonly string[]): boolean {
  if (!SECTIONS[id].built || options[id]?.visibility === 'hidden') return false;
  if (options[id]?.visibility === 'always') return true;
  const granted = new Set(permissions);
  return (options[id]?.permissions ?? SECTIONS[id].permissions).every((k) => holds(granted, k));
}

/** A field's appearance in a section (SI-2.35): the override, else `edit`. */
export function fieldAppearance(options: AdminPortalOptions, section: SectionId, field: string): FieldAppearance {
  return options[section]?.fields?.[field] ?? 'edit';
}

/** A tab's appearance in a section (SI-2.36): the override, else `edit`. */
export function tabAppearance(options: AdminPortalOptions, section: SectionId, tab: string): TabAppearance {
  return options[section]?.tabs?.[tab] ?? 'edit';
}

/** The section of a location hash `#/admin/<section>` (deep links), or null. */
export function sectionFromHash(hash: string): SectionId | null {
  const m = /^#\/?admin\/([A-Za-z]+)/.exec(hash);
  return m && isSectionId(m[1]) ? m[1] : null;
}

/** The dialog of a location hash `#/admin/<section>/<dialog>` (e.g. `add` in users), or undefined. */
export function dialogFromHash(hash: string): string | undefined {
  return /^#\/?admin\/[A-Za-z]+\/([\w:-]+)/.exec(hash)?.[1];
}

/** The location hash of a section. */
export function hashOf(section: SectionId): string {
  return `#/admin/${section}`;
}
