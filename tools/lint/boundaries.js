// Module shape rules (issue 11 §2), shared by eslint.config.js and the test that proves they fail
// (tools/test/lint-boundaries.test.ts). Built from the folders that exist under `root`, so a new
// feature or module is covered as soon as its folder is created.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import portal from './no-import-cycle.js';

const dirs = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
};

/**
 * - web: a feature (apps/web/src/features/<f>) never imports another feature; shared code lives in
 *   apps/web/src/lib or apps/web/src/components, and route composition in apps/web/src/app. lib and
 *   components import no feature.
 * - server: a module (apps/server/src/modules/<m>) imports another module only through its index.ts;
 *   apps/server/src/lib imports no module.
 * - contract: a module (packages/contract/src/modules/<m>) imports another module only through its
 *   index.ts; shared code (packages/contract/src/shared) imports no module. Only the assemblies at
 *   the package root do: index.ts, registry.ts (calls, raw routes, machines), errors.ts (the error
 *   catalogue, from each module's errors.ts) and validation-messages.ts (from each messages.ts).
 *   Modules and shared code may read the catalogue (errors.ts) but not the other assemblies, which
 *   import every module.
 * - everywhere: no import cycle, type-only imports included (./no-import-cycle.js).
 */
export function moduleShapeConfig(root) {
  const web = 'apps/web/src';
  const server = 'apps/server/src';
  const contract = 'packages/contract/src';
  const features = dirs(path.join(root, web, 'features'));
  const modules = dirs(path.join(root, server, 'modules'));
  const contractModules = dirs(path.join(root, contract, 'modules'));
  const zones = [
    ...features.map((f) => ({
      target: `./${web}/features/${f}`,
      from: `./${web}/features`,
      except: [`./${f}`],
      message:
        'A feature never imports another feature: move the shared code to apps/web/src/lib or apps/web/src/components (route composition belongs in apps/web/src/app).',
    })),
    {
      target: [`./${web}/lib`, `./${web}/components`],
      from: `./${web}/features`,
      message: 'Shared web code (lib, components) never imports a feature.',
    },
    ...modules.map((m) => ({
      target: `./${server}/modules/${m}`,
      from: `./${server}/modules`,
      except: [`./${m}`, ...modules.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
      message: 'A server module imports another module only through its index.ts.',
    })),
    {
      target: `./${server}/lib`,
      from: `./${server}/modules`,
      message: 'apps/server/src/lib is shared by the modules and imports none of them.',
    },
    ...contractModules.map((m) => ({
      target: `./${contract}/modules/${m}`,
      from: `./${contract}/modules`,
      except: [`./${m}`, ...contractModules.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
      message: 'A contract module imports another module only through its index.ts.',
    })),
    {
      target: `./${contract}/shared`,
      from: `./${contract}/modules`,
      message:
        'Shared contract code imports no module: only the assemblies at the package root (index.ts, registry.ts, errors.ts, validation-messages.ts) do.',
    },
    {
      target: [`./${contract}/shared`, `./${contract}/modules`],
      from: [`./${contract}/index.ts`, `./${contract}/registry.ts`, `./${contract}/validation-messages.ts`],
      message: 'The root index, registry.ts and validation-messages.ts import every module: import the file that declares what you need.',
    },
  ];
  return [
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX, portal },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: [path.join(root, 'tsconfig.base.json')], alwaysTryTypes: true }),
        ],
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        'portal/no-import-cycle': 'error',
        'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      },
    },
  ];
}
