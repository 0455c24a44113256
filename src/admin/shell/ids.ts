/**
 * The portal's section ids and the shapes of a host's navigation options (admin spec §2, §6): a leaf of the shell
 * that every section, the kit and the registry import (types and ids only), so the registry, which loads the sections
 * lazily, is imported by no section.
 */

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

/** Who may do what in a section (admin spec §6), and whether Frontegg's navigation lists it by default. */
export interface SectionAccess {
  /** Permission keys needed to see it; empty = every signed-in user (own profile, privacy). */
  read: readonly string[];
  /** Permission keys needed to change what it shows (add, edit). */
  write: readonly string[];
  /** Permission keys needed to remove (the write keys when the section has none of its own). */
  delete: readonly string[];
  /** Listed by default (SI-2.30) or hidden until a host or vendor turns it on (SI-2.31). */
  defaultVisible: boolean;
}

const secure = (noun: string, defaultVisible: boolean, del = false): SectionAccess => ({
  read: [`fe.secure.read.${noun}`],
  write: [`fe.secure.write.${noun}`],
  delete: [`fe.secure.${del ? 'delete' : 'write'}.${noun}`],
  defaultVisible,
});
const keys = (read: string[], defaultVisible: boolean, write: string[] = [], del: string[] = write): SectionAccess => ({ read, write, delete: del, defaultVisible });

/**
 * The access table of every section (admin spec §6; SI-2.30–SI-2.32, SI-6.01): data only, so the registry
 * (sections.ts), `NAVIGATION_PERMISSIONS` (src/auth/authorization.ts) and the emulator's seeded navigation
 * (emulator/src/db/seed.ts) all read this one table.
 */
export const SECTION_ACCESS: Readonly<Record<SectionId, SectionAccess>> = Object.freeze({
  profile: keys([], true),
  privacy: keys([], true),
  personalApiTokens: secure('userApiTokens', false, true),
  account: secure('accountSettings', true),
  users: secure('users', true, true),
  groups: secure('groups', false, true),
  security: secure('securityPolicy', true),
  sso: secure('samlConfiguration', false),
  audits: keys(['fe.secure.read.audits'], true),
  webhooks: keys(['fe.connectivity.read.webhooks'], false, ['fe.connectivity.write.webhooks'], ['fe.connectivity.delete.webhooks']),
  apiTokens: secure('tenantApiTokens', false, true),
  roles: secure('roles', false, true),
  subscription: keys(['fe.subscriptions.*'], false, ['fe.subscriptions.write']),
  // SI-2.32: shown by permission, not by a default switch
  allAccounts: keys(['fe.account-hierarchy.read.subAccount'], true, ['fe.account-hierarchy.write.subAccount']),
  usage: keys(['fe.usage.read'], false),
  provisioning: secure('provisioningConfiguration', false),
});

/** True when the value is a known section id. */
export function isSectionId(value: unknown): value is SectionId {
  return typeof value === 'string' && (SECTION_IDS as readonly string[]).includes(value);
}

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
  /** Permission keys that replace the section's own read keys (`byPermissions`). */
  permissions?: string[];
  /** Field name → appearance (e.g. `{ address: 'viewOnly' }`). */
  fields?: Record<string, FieldAppearance>;
  /** Tab name → appearance (e.g. `{ customLogin: 'hidden' }`). */
  tabs?: Record<string, TabAppearance>;
}

/** `options.adminPortal` of `createFeApp` / `<fe-app>` (also read from metadata `navigation`). */
export type AdminPortalOptions = Partial<Record<SectionId, SectionOptions>>;

/** What a section's permission keys guard: seeing it, changing what it shows, removing it. */
export type SectionAction = 'read' | 'write' | 'delete';

/** A field's appearance in a section (SI-2.35): the override, else `edit`. */
export function fieldAppearance(options: AdminPortalOptions, section: SectionId, field: string): FieldAppearance {
  return options[section]?.fields?.[field] ?? 'edit';
}

/** A tab's appearance in a section (SI-2.36): the override, else `edit`. */
export function tabAppearance(options: AdminPortalOptions, section: SectionId, tab: string): TabAppearance {
  return options[section]?.tabs?.[tab] ?? 'edit';
}
