/** The security section's email-domain restrictions tab (issue 22 item 4): placeholder until built. */
export function DomainRestrictionsTab() {
  return null;
}
