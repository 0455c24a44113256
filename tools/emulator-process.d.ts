/** Starts the emulator as a child process (see emulator-process.js). */
export function startEmulator(options?: { port?: number; dataDir?: string; quiet?: boolean; env?: Record<string, string>; dnsServers?: string[] }): Promise<{
  url: string;
  output(): string;
  stop(): Promise<void>;
}>;
