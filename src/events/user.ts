import type { AuthUser } from '../stores/index.ts';

/**
 * The signed-in user as events and hosts see it: the claims and profile, never a token.
 * (A key-remapping Omit: the built-in `Omit` would collapse `AuthUser`'s claim index
 * signature and its named fields into `{ [k: string]: unknown }`, so `user.email` would be `unknown`.)
 */
export type PublicUser = { [K in keyof AuthUser as K extends 'accessToken' | 'refreshToken' | 'mfaToken' ? never : K]: AuthUser[K] };

/**
 * The user without `accessToken`, `refreshToken` and `mfaToken`: the one
 * place tokens are stripped before anything leaves the library (DOM events,
 * `fe-session-change`, machine snapshots).
 */
export function toPublicUser(user: AuthUser): PublicUser;
export function toPublicUser(user: AuthUser | null | undefined): PublicUser | null;
export function toPublicUser(user: AuthUser | null | undefined): PublicUser | null {
  if (!user) return null;
  const { accessToken: _a, refreshToken: _r, mfaToken: _m, ...rest } = user as AuthUser & Record<string, unknown>;
  return rest;
}
