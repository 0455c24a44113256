/** The security section's IP restrictions tab (issue 22 item 3): placeholder until built. */
export function IpRestrictionsTab() {
  return null;
}
