import type { Linter } from 'eslint';

export function moduleShapeConfig(root: string): Linter.Config[];
