export declare const PAGE_VARIANTS: ReadonlyArray<{ file: string; modules: readonly string[] }>;
export declare function loginPreloadPlugin(): import('vite').Plugin;
