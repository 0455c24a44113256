/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts alias): React 18+
 * has `useSyncExternalStore` built in, so the shim's fallback code is not bundled.
 */
export { useSyncExternalStore } from 'react';
