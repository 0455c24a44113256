/** Starts the Express demo host with a server-side session (see server.mjs). */
export function startDemo(options?: { port?: number; env?: Record<string, string | undefined> }): Promise<{ url: string; stop(): Promise<void> }>;
