/**
 * Issue 16: the build's chunk groups (scripts/chunk-groups.mjs). The signed-in frame's code goes
 * into `shell`, the features' texts of a language into `texts-<locale>`; nothing the entry or a
 * page drawn without antd loads is moved.
 */
import type { OutputAsset, OutputChunk } from 'rolldown';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lightPageIds, rootsByModule, signedInGroups } from '../../scripts/chunk-groups.mjs';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const id = (rel: string) => path.join(src, rel).replaceAll('\\', '/');

function chunk(fileName: string, moduleIds: string[], opts: Partial<OutputChunk> = {}): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    imports: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    ...opts,
  } as OutputChunk;
}

type NameFn = (moduleId: string, ctx: unknown) => string | null | undefined;

describe('chunk groups of the build', () => {
  it('reads the pages drawn without antd from PUBLIC_ROUTES (plain or lite)', () => {
    const light = lightPageIds(path.join(src, 'app/routes.tsx'));
    expect(light).toContain(id('features/auth/pages/LoginPage'));
    expect(light).toContain(id('features/auth/pages/RegisterPage'));
    expect(light).toContain(id('features/cloud-storage/pages/CheckoutPage'));
    expect(light).not.toContain(id('features/auth/pages/TermPage'));
  });

  it('puts in the shell only what the frame loads and neither the entry nor a light page does', () => {
    const layout = id('app/layout/AppLayout.tsx');
    const login = id('features/auth/pages/LoginPage.tsx');
    const home = id('features/home/pages/HomePage.tsx');
    const output: Array<OutputChunk | OutputAsset> = [
      chunk('assets/index.js', [id('main.tsx'), '/nm/react/index.js'], { isEntry: true, imports: ['assets/shared-login.js'] }),
      chunk('assets/LoginPage.js', [login], { isDynamicEntry: true, facadeModuleId: login, imports: ['assets/shared-login.js'] }),
      chunk('assets/shared-login.js', ['/nm/antd/es/button/index.js']),
      chunk('assets/AppLayout.js', [layout, '/nm/antd/es/menu/index.js'], {
        isDynamicEntry: true,
        facadeModuleId: layout,
        imports: ['assets/frame-and-home.js', 'assets/shared-login.js'],
      }),
      chunk('assets/frame-and-home.js', ['/nm/antd/es/typography/index.js']),
      chunk('assets/HomePage.js', [home, '/nm/antd/es/statistic/index.js'], {
        isDynamicEntry: true,
        facadeModuleId: home,
        imports: ['assets/frame-and-home.js'],
      }),
    ];
    const roots = rootsByModule(output);
    expect([...roots.get('/nm/antd/es/typography/index.js')!].sort()).toEqual([
      id('app/layout/AppLayout'),
      id('features/home/pages/HomePage'),
    ]);
    const [texts, signedIn] = signedInGroups(src, roots) as Array<{ name: NameFn }>;
    const group = (m: string) => signedIn.name(m, {}) ?? null;
    expect(group(layout)).toBe('shell');
    expect(group('/nm/antd/es/menu/index.js')).toBe('shell');
    expect(group('/nm/antd/es/typography/index.js')).toBe('shell');
    // The login page and the entry load these: they stay where the bundler puts them.
    expect(group('/nm/antd/es/button/index.js')).toBeNull();
    expect(group('/nm/react/index.js')).toBeNull();
    // A page's own code is its own chunk.
    expect(group('/nm/antd/es/statistic/index.js')).toBeNull();
    expect(texts.name(id('features/home/locales/zh-CN.json'), {})).toBe('texts-zh-CN');
    expect(texts.name(id('locales/en-US.json'), {})).toBeNull();
  });
});
