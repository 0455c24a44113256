/** The `content-type` of `file` by its extension (`application/octet-stream` when unknown). */
export declare function contentType(file: string): string;
/** The file the URL `path` names inside `dir`, or null: no way out of `dir`, files only. */
export declare function fileIn(dir: string, path: string): Promise<string | null>;
