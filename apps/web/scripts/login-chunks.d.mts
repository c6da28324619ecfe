export declare const LOGIN_PAGE: string;
export declare const DEFAULT_LOCALE_FILE: string;
export declare function loginInitialFiles(manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[] }>): Set<string>;
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
export declare function closureOf(manifest: Manifest, keys: string[]): Set<string>;
export declare function routeOwnFiles(manifest: Manifest): Array<{ key: string; files: Set<string> }>;
