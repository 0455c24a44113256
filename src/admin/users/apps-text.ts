/**
 * A user's applications in the users table (issue 34 item 5; AB-6.13, AB-6.14): whether the portal shows them (the
 * `multi-apps-admin-portal` feature flag) and each user's in words. Small and eager (the table reads it); the dialogs
 * that change them are ./SubAccountDialogs.tsx, loaded when one opens.
 */
import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom } from 'nanostores';
import { useMemo } from 'react';
import { appsOf, createApplicationsResource, MULTI_APPS_FLAG, type Application, type AppsByUser } from '../resources/applications.ts';
import type { UserRow } from '../resources/users.ts';
import { useSection } from '../shell/context.ts';

/** Stands in for the applications' stores while the flag is off (nothing loads). */
const NONE = atom<{ data?: undefined; error?: undefined }>({});

/** Whether the portal shows applications (AB-6.14): the `multi-apps-admin-portal` feature flag is on. */
export function useApplicationsOn(): boolean {
  const { app } = useSection();
  return useStore(app.stores.$featureFlags)[MULTI_APPS_FLAG] === 'on';
}

/**
 * With the `multi-apps-admin-portal` flag on: a user's applications in words, for the table and the details ("Docs
 * (free access), Billing"), and `showUsers` to name the users of the page shown; null while the flag is off or the
 * applications are not known yet (the table then says "All applications", as without the flag).
 */
export function useAppsText(): { text: ((row: UserRow) => string) | null; showUsers: (ids: readonly string[]) => void } {
  const { t, resources } = useSection();
  const on = useApplicationsOn();
  const apps = on ? resources.use(createApplicationsResource) : null;
  const all = useStore((apps?.$applications ?? NONE) as ReadableAtom<{ data?: Application[]; error?: unknown }>);
  const usersApps = useStore((apps?.$usersApps ?? NONE) as ReadableAtom<{ data?: AppsByUser; error?: unknown }>);
  const showUsers = useMemo(() => (ids: readonly string[]) => apps?.showUsers(ids), [apps]);
  const text = useMemo(() => {
    if (!on || !all.data) return null;
    const list = all.data;
    const byUser = usersApps.data ?? {};
    return (row: UserRow) => {
      const mine = appsOf(byUser[row.id], list);
      return mine.length ? mine.map((a) => (a.accessType === 'FREE_ACCESS' ? t('admin.users.apps.free', { app: a.name }) : a.name)).join(', ') : t('admin.users.apps.none');
    };
  }, [on, all.data, usersApps.data, t]);
  return { text, showUsers };
}
