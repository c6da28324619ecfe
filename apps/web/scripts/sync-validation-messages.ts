/**
 * Copy the contract's validation texts (VALIDATION_MESSAGES, one source for server and web) into the
 * `validation` section of both locale files. Web-only keys (e.g. `validation.invalid`) are kept.
 *
 *   npx tsx apps/web/scripts/sync-validation-messages.ts [--check]
 *
 * With --check it changes nothing and exits 1 when a locale file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VALIDATION_MESSAGES } from '@portal/contract';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const check = process.argv.includes('--check');
let stale = false;

for (const [file, lang] of [['en-US.json', 'en'], ['zh-CN.json', 'zh']] as const) {
  const p = path.join(localesDir, file);
  const before = readFileSync(p, 'utf8');
  const json = JSON.parse(before) as Record<string, unknown> & { validation?: Record<string, string> };
  const current = json.validation ?? {};
  const fromContract = Object.fromEntries(Object.entries(VALIDATION_MESSAGES).map(([k, v]) => [k, v[lang]]));
  const webOnly = Object.fromEntries(Object.entries(current).filter(([k]) => !(k in fromContract)));
  json.validation = { ...webOnly, ...fromContract };
  const after = `${JSON.stringify(json, null, 2)}\n`;
  if (after !== before) {
    stale = true;
    if (!check) writeFileSync(p, after);
    console.log(`${check ? 'out of date' : 'updated'}: ${file}`);
  }
}
if (check && stale) process.exit(1);
