/**
 * IdP groups → roles at SSO sign-in (admin spec §6 AB-6.08–6.09; issue 23 item 5), read by federation/provision.ts.
 * Kept apart from sso/configurations.ts so that sign-in does not import the configuration routes' logic.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ssoGroupMappings } from '../db/schema.ts';

/**
 * The roles the groups an IdP asserted map to in `configId` (deduplicated, mapping order) — read at sign-in
 * (federation/provision.ts). Group names match exactly.
 */
export async function rolesOfGroups(db: Db, configId: string, groups: readonly string[]): Promise<string[]> {
  if (!groups.length) return [];
  const rows = await db
    .select({ roleIds: ssoGroupMappings.roleIds })
    .from(ssoGroupMappings)
    .where(and(eq(ssoGroupMappings.configId, configId), inArray(ssoGroupMappings.group, [...groups])))
    .orderBy(asc(ssoGroupMappings.createdAt));
  return [...new Set(rows.flatMap((r) => r.roleIds))];
}
