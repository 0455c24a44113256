/** The host server of the framework examples (tools/spa-host.js). */
export function startSpaHost(options: { dir: string; port?: number; emulatorUrl?: string }): Promise<{ url: string; stop(): Promise<void> }>;
