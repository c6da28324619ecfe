import type { CodeSplittingGroup, OutputAsset, OutputChunk } from 'rolldown';

export declare function lightPageIds(routesFile: string): Set<string>;
export declare function rootsByModule(output: ReadonlyArray<OutputChunk | OutputAsset>): Map<string, Set<string>>;
export declare function signedInGroups(srcDir: string, roots: Map<string, Set<string>>): CodeSplittingGroup[];
