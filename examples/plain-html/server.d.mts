/** Starts the demo host server (see server.mjs). */
export function startDemo(options?: { port?: number; emulatorUrl?: string; page?: 'index.html' | 'hosted.html' }): Promise<{ url: string; stop(): Promise<void> }>;
