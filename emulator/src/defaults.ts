/** The emulator's defaults, in a module of their own so that the command line (src/cli.ts) loads without the app. */
import { fileURLToPath } from 'node:url';

export const DEFAULT_PORT = 8787;
export const DEFAULT_ISSUER = `http://127.0.0.1:${DEFAULT_PORT}`;
/** The demo host's origins (port 5173), allowed to call with credentials. */
export const DEFAULT_CORS_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];
/** `<repo>/.data/emulator` */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/emulator', import.meta.url));
