/** sessionStorage key of the social login in flight (one per tab; src/federation/index.ts writes it, the login box's start reads its redirectUrl). */
export const PENDING_KEY = 'fe-federation-pending';
