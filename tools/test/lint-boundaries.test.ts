/**
 * The module-shape lint rules (issue 11 §2) fail where they must: a web feature importing another
 * feature, shared web code importing a feature, a server or contract module reaching past another
 * module's index.ts, shared contract code importing a module, and an import cycle (type-only ones
 * included). Run twice: on the fixture tree with the
 * rule builder, and with the repository's own eslint.config.js on probe texts at real paths.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { moduleShapeConfig } from '../lint/boundaries.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const fixtureRoot = path.join(import.meta.dirname, 'fixtures/lint');

type Found = Record<string, string[]>;

function byFile(results: ESLint.LintResult[], root: string): Found {
  const out: Found = {};
  for (const r of results) {
    const rel = path.relative(root, r.filePath).split(path.sep).join('/');
    out[rel] = r.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
  }
  return out;
}

describe('module-shape lint rules on the fixture tree', () => {
  it('report exactly the bad-* files, each with its rule', async () => {
    const eslint = new ESLint({
      cwd: fixtureRoot,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...moduleShapeConfig(fixtureRoot)],
    });
    const found = byFile(await eslint.lintFiles(['**/*.ts']), fixtureRoot);
    expect(found).toEqual({
      'apps/server/src/modules/one/bad-deep-import.ts': ['import-x/no-restricted-paths'],
      'apps/server/src/modules/one/good-through-index.ts': [],
      'apps/server/src/modules/two/index.ts': [],
      'apps/server/src/modules/two/two.service.ts': [],
      'apps/web/src/features/alpha/alpha-api.ts': [],
      'apps/web/src/features/alpha/bad-cross-feature.ts': ['import-x/no-restricted-paths'],
      'apps/web/src/features/alpha/good-page.ts': [],
      'apps/web/src/features/beta/beta-api.ts': [],
      'apps/web/src/lib/bad-imports-feature.ts': ['import-x/no-restricted-paths'],
      'apps/web/src/lib/format.ts': [],
      'packages/contract/src/errors.ts': [],
      'packages/contract/src/index.ts': [],
      'packages/contract/src/modules/one/calls.ts': [],
      'packages/contract/src/modules/one/errors.ts': [],
      'packages/contract/src/modules/one/index.ts': [],
      'packages/contract/src/modules/two/bad-deep-import.ts': ['import-x/no-restricted-paths'],
      'packages/contract/src/modules/two/bad-imports-root-index.ts': ['import-x/no-restricted-paths'],
      'packages/contract/src/modules/two/good-through-index.ts': [],
      'packages/contract/src/shared/bad-imports-module.ts': ['import-x/no-restricted-paths'],
      'packages/contract/src/shared/good-shared.ts': [],
      'tools/cycle/bad-a.ts': ['portal/no-import-cycle'],
      'tools/cycle/bad-b.ts': ['portal/no-import-cycle'],
      'tools/dynamic/good-lazy-a.ts': [],
      'tools/dynamic/good-lazy-b.ts': [],
      'tools/type-cycle/bad-registry.ts': ['portal/no-import-cycle'],
      'tools/type-cycle/bad-shape.ts': ['portal/no-import-cycle'],
    });
  });
});

describe("the repository's eslint.config.js", () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const rulesFor = async (file: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(repoRoot, file) }))[0].messages.map((m) => `${m.ruleId}@${m.line}`);

  it('refuses a web feature importing another feature, and lets it import lib', async () => {
    const code =
      "import { useCorpInfo } from '../../partner/api/partner-api';\nimport { notify } from '../../../lib/notify';\n\nexport const probe = [useCorpInfo, notify];\n";
    expect(await rulesFor('apps/web/src/features/home/pages/LintProbe.ts', code)).toEqual(['import-x/no-restricted-paths@1']);
  });

  it("refuses a server module reaching past another module's index.ts, and allows the index", async () => {
    const code =
      "import { endUserSessions } from '../auth/session.repository';\nimport { checkCredentials } from '../auth';\n\nexport const probe = [endUserSessions, checkCredentials];\n";
    expect(await rulesFor('apps/server/src/modules/partner/lint-probe.ts', code)).toEqual(['import-x/no-restricted-paths@1']);
  });

  it("refuses a contract module reaching past another module's index.ts, and allows the index", async () => {
    const code =
      "import { authCalls } from '../auth/calls';\nimport { passwordSchema } from '../auth';\n\nexport const probe = [authCalls, passwordSchema];\n";
    expect(await rulesFor('packages/contract/src/modules/partner/lint-probe.ts', code)).toEqual(['import-x/no-restricted-paths@1']);
  });

  it('refuses shared contract code importing a module, and lets it import shared code', async () => {
    const code =
      "import { authCalls } from '../modules/auth';\nimport { idSchema } from './validators';\n\nexport const probe = [authCalls, idSchema];\n";
    expect(await rulesFor('packages/contract/src/shared/lint-probe.ts', code)).toEqual(['import-x/no-restricted-paths@1']);
  });

  it('turns the cycle rule on for the repository and keeps the fixtures out of its lint', async () => {
    const file = 'tools/test/fixtures/lint/tools/cycle/bad-a.ts';
    const config = (await eslint.calculateConfigForFile(path.join(repoRoot, 'apps/server/src/app.ts'))) as {
      rules: Record<string, unknown>;
    };
    expect(config.rules['portal/no-import-cycle']).toEqual([2]);
    // The fixtures are outside the normal lint.
    expect(await eslint.isPathIgnored(path.join(repoRoot, file))).toBe(true);
  });
});
