import type { IncomingMessage, ServerResponse } from 'node:http';

/** Paths the host's same-origin proxy sends to the identity API (tools/proxy.js). */
export const API_PATHS: string[];
export function isApiPath(path: string): boolean;
export function proxyRequest(req: IncomingMessage, res: ServerResponse, target: string): Promise<void>;
/** Vite `server.proxy` / `preview.proxy` entries for the identity API paths. */
export function viteProxy(target?: string): Record<string, { target: string; changeOrigin: boolean; xfwd: boolean }>;
