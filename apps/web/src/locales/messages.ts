import enUS from './en-US.json';
import zhCN from './zh-CN.json';

type Tree = { [key: string]: unknown };

/**
 * The UI texts: the shell's files here, plus each feature's own `features/<name>/locales/<locale>.json`
 * (one top-level namespace per feature), so that modules add their strings without touching others'.
 */
const featureFiles = import.meta.glob<{ default: Tree }>('../features/*/locales/*.json', { eager: true });

function merge(target: Tree, source: Tree, where: string): Tree {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    if (v && existing && typeof v === 'object' && typeof existing === 'object' && !Array.isArray(v)) merge(existing as Tree, v as Tree, `${where}.${k}`);
    else if (existing !== undefined) throw new Error(`locale key ${where}.${k} is defined twice`);
    else target[k] = v;
  }
  return target;
}

function build(base: Tree, locale: string): Tree {
  const out = structuredClone(base);
  for (const [file, mod] of Object.entries(featureFiles)) {
    if (file.endsWith(`/${locale}.json`)) merge(out, mod.default, file);
  }
  return out;
}

export const MESSAGES = {
  'en-US': build(enUS, 'en-US') as typeof enUS & Tree,
  'zh-CN': build(zhCN, 'zh-CN') as typeof zhCN & Tree,
};
