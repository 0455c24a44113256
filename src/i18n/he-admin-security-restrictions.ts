/** He messages of the security section's IP and email-domain restriction tabs (spread into he-admin-security.ts). */
export const heAdminSecurityRestrictions = {} as const;
