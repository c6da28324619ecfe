import type { Locale } from '@portal/contract';

type Tree = { [key: string]: unknown };

/**
 * The UI texts: the shell's files here, plus each feature's own `features/<name>/locales/<locale>.json`
 * (one top-level namespace per feature), so that modules add their strings without touching others'.
 * Every file is a chunk of its own, loaded when its locale is first used: a page downloads the
 * texts of the language it shows, not of both.
 */
const shellFiles = import.meta.glob<{ default: Tree }>('./*.json');
const featureFiles = import.meta.glob<{ default: Tree }>('../features/*/locales/*.json');

function merge(target: Tree, source: Tree, where: string): Tree {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    if (v && existing && typeof v === 'object' && typeof existing === 'object' && !Array.isArray(v)) merge(existing as Tree, v as Tree, `${where}.${k}`);
    else if (existing !== undefined) throw new Error(`locale key ${where}.${k} is defined twice`);
    else target[k] = v;
  }
  return target;
}

/** The shell's and every feature's texts of `locale`, merged into one tree. */
export async function loadMessages(locale: Locale): Promise<Tree> {
  const base = shellFiles[`./${locale}.json`];
  if (!base) throw new Error(`no locale file for ${locale}`);
  const out = structuredClone((await base()).default);
  const features = Object.entries(featureFiles).filter(([file]) => file.endsWith(`/${locale}.json`));
  for (const [file, mod] of await Promise.all(features.map(async ([file, load]) => [file, (await load()).default] as const))) merge(out, mod, file);
  return out;
}
