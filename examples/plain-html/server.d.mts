/** Starts the demo host server (see server.mjs). */
export function startDemo(options?: { port?: number; emulatorUrl?: string }): Promise<{ url: string; stop(): Promise<void> }>;
