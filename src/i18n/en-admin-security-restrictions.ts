/** En messages of the security section's IP and email-domain restriction tabs (spread into en-admin-security.ts). */
export const enAdminSecurityRestrictions = {} as const;
