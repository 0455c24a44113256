/** The page's strict Content-Security-Policy (no inline script or style; everything from the page's origin). */
export const DEMO_CSP: string;
/** `DEMO_CSP` + `; require-trusted-types-for 'script'; trusted-types fe-elements`. */
export const DEMO_CSP_TRUSTED_TYPES: string;
/** The policy the page is served with; `connectOrigins` are added to `connect-src` (hosted mode: the identity API's origin). */
export function demoCsp(options?: { trustedTypes?: boolean; connectOrigins?: string[] }): string;

export interface DemoOptions {
  port?: number;
  emulatorUrl?: string;
  page?: 'index.html' | 'hosted.html';
  /** Send the CSP header on the page (default true; env DEMO_CSP=0 turns it off). */
  csp?: boolean;
  /** Add Trusted Types to the CSP (default false; env DEMO_TRUSTED_TYPES=1). */
  trustedTypes?: boolean;
  /** Serve the page on fe-elements/lite (dist/lite/, no admin portal; default false; env DEMO_LITE=1). */
  lite?: boolean;
}

/** Starts the demo host server (see server.mjs). */
export function startDemo(options?: DemoOptions): Promise<{ url: string; stop(): Promise<void> }>;
