/** `export-data` → `{ kebab: 'export-data', camel: 'exportData', pascal: 'ExportData' }`. @throws Error for a name that is not kebab-case. */
export function namesOf(name: string): { kebab: string; camel: string; pascal: string };
/** The files of flow `name`: path → content. */
export function flowFiles(name: string): Record<string, string>;
/** Writes flow `name` under `root` (default the repository); returns the paths written. @throws Error when a file exists already. */
export function writeFlow(name: string, root?: string): string[];
