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
    if (v && existing && typeof v === 'object' && typeof existing === 'object' && !Array.isArray(v))
      merge(existing as Tree, v as Tree, `${where}.${k}`);
    else if (existing !== undefined) throw new Error(`locale key ${where}.${k} is defined twice`);
    // A copy: a later file's keys merged into it must not change the module's own object (two
    // features with the same top-level key, `menu`, would find the second's keys there next time).
    else target[k] = v && typeof v === 'object' && !Array.isArray(v) ? merge({}, v as Tree, `${where}.${k}`) : v;
  }
  return target;
}

/** The shell's texts of `locale` (all the login page needs). */
export async function loadShellMessages(locale: Locale): Promise<Tree> {
  const base = shellFiles[`./${locale}.json`];
  if (!base) throw new Error(`no locale file for ${locale}`);
  return structuredClone((await base()).default);
}

/**
 * Every feature's texts of `locale`, merged into `into` (a key defined twice is an error). Loaded
 * with the first page beyond /login (lib/i18n loadFeatureTexts), so /login does not download them.
 */
export async function loadFeatureMessages(locale: Locale, into: Tree = {}): Promise<Tree> {
  const features = Object.entries(featureFiles).filter(([file]) => file.endsWith(`/${locale}.json`));
  for (const [file, mod] of await Promise.all(features.map(async ([file, load]) => [file, (await load()).default] as const)))
    merge(into, mod, file);
  return into;
}

/** The shell's and every feature's texts of `locale`, merged into one tree. */
export async function loadMessages(locale: Locale): Promise<Tree> {
  return loadFeatureMessages(locale, await loadShellMessages(locale));
}
