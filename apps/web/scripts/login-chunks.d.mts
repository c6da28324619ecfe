export declare const LOGIN_PAGE: string;
export declare function loginInitialFiles(manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[] }>): Set<string>;
