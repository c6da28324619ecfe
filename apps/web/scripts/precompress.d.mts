export declare const PRECOMPRESS_MIN_BYTES: number;
export declare const PRECOMPRESSED_EXT: RegExp;
export declare function precompressDir(dir: string): { count: number; raw: number; br: number };
export declare function precompressPlugin(): import('vite').Plugin;
