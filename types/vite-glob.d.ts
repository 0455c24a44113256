/** Vite's `import.meta.glob` (transformed at build time by Vite: Storybook, the tests' Vite middleware). */
interface ImportMeta {
  glob<T = unknown>(pattern: string | string[], options: { eager: true; import?: string; query?: string }): Record<string, T>;
  /** Without `eager`: each match's loader (its own chunk, loaded on demand). */
  glob<T = unknown>(pattern: string | string[], options: { eager?: false; import?: string; query?: string }): Record<string, () => Promise<T>>;
}
