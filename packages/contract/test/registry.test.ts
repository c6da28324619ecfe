import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cloudContentRawRoutes } from '../src/modules/cloud-content';
import { cloudStorageRawRoutes } from '../src/modules/cloud-storage';
import { cloudUpgradeRawRoutes } from '../src/modules/cloud-upgrade';
import { insightExportRawRoutes, insightRawRoutes } from '../src/modules/insight';
import { systemRawRoutes } from '../src/modules/system';
import { ALL_CALLS, ALL_RAW_ROUTES, STATE_MACHINES, rawRoutes } from '../src/registry';

const modulesDir = fileURLToPath(new URL('./modules', import.meta.url));

describe('registry', () => {
  it('lists each call once, by a unique path', () => {
    expect(new Set(ALL_CALLS).size).toBe(ALL_CALLS.length);
    expect(new Set(ALL_CALLS.map((c) => c.path)).size).toBe(ALL_CALLS.length);
  });

  it('lists the raw routes of every module that has some, each once, with no name declared twice', () => {
    expect(Object.keys(rawRoutes)).toEqual([
      ...Object.keys(systemRawRoutes),
      ...Object.keys(cloudUpgradeRawRoutes),
      ...Object.keys(cloudContentRawRoutes),
      ...Object.keys(cloudStorageRawRoutes),
      ...Object.keys(insightRawRoutes),
      ...Object.keys(insightExportRawRoutes),
    ]);
    expect(ALL_RAW_ROUTES).toEqual(Object.values(rawRoutes));
    expect(new Set(ALL_RAW_ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ALL_RAW_ROUTES.length);
  });

  it('has every machine tested with its transitions written out (describeMachine in a module test)', () => {
    const tested = readdirSync(modulesDir).flatMap((m) => {
      let text = '';
      try {
        text = readFileSync(join(modulesDir, m, 'states.test.ts'), 'utf8');
      } catch {
        return [];
      }
      return [...text.matchAll(/describeMachine\('(\w+)'/g)].map((x) => x[1]);
    });
    expect(tested.sort()).toEqual(Object.keys(STATE_MACHINES).sort());
  });
});
