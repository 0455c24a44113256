/** Vite's `import.meta.glob` (transformed at build time by Vite: Storybook, the tests' Vite middleware). */
interface ImportMeta {
  glob<T = unknown>(pattern: string | string[], options: { eager: true; import?: string; query?: string }): Record<string, T>;
}
