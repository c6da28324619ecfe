export declare function loginPreloadPlugin(): import('vite').Plugin;
