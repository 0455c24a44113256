/** De messages of the security section's IP and email-domain restriction tabs (spread into de-admin-security.ts). */
export const deAdminSecurityRestrictions = {} as const;
