/** What a release targets, as the service resolves it and the repository reads it. */
import type { CanarySpeed, ReleaseType } from '@portal/contract';
import type { firmwarePackages } from '../../db/schema';

export interface TargetInput {
  pkgId: number;
  releaseType: ReleaseType;
  areaIds: number[];
  countries: string[];
  grayCount?: number;
  speed?: CanarySpeed;
  sns: string[];
  macRanges: { start: string; end: string }[];
  targetFileId: number | null;
}

export type PackageRow = typeof firmwarePackages.$inferSelect;

export interface ResolvedTarget {
  input: TargetInput;
  pkg: PackageRow;
  /** Names of the target regions in the caller's language, by id. */
  areaNames: Map<number, string>;
  /** Typed SNs and those of the file, normalised, each once. */
  sns: string[];
  /** SNs of the file that are not valid SNs (counted as unknown targets). */
  badSns: number;
}
