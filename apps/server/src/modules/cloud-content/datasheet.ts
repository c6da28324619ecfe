/**
 * The printable datasheet of a product (issue 14 §6 auto files): a self-contained HTML page (no
 * script, inline print styles) from its parameter definitions and typed values, every text escaped.
 */
import type { Locale } from '@portal/contract';

interface ParamDef {
  key: string;
  names: unknown;
  type: string;
  unit: string;
  options: unknown;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const LABELS = {
  'en-US': { heading: 'Datasheet', parameter: 'Parameter', value: 'Value', yes: 'Yes', no: 'No', category: 'Category' },
  'zh-CN': { heading: '规格书', parameter: '参数', value: '值', yes: '是', no: '否', category: '分类' },
} as const;

function nameOf(names: unknown, locale: Locale): string {
  const n = (names ?? {}) as Record<string, string>;
  return n[locale] || n['en-US'] || '';
}

function valueText(def: ParamDef, value: unknown, locale: Locale): string {
  const l = LABELS[locale];
  const options = (Array.isArray(def.options) ? def.options : []) as Array<{ value: string; labels: Record<string, string> }>;
  const label = (v: string) => {
    const o = options.find((x) => x.value === v);
    return o ? o.labels[locale] || o.labels['en-US'] || v : v;
  };
  if (typeof value === 'boolean') return value ? l.yes : l.no;
  if (typeof value === 'number') return def.unit ? `${value} ${def.unit}` : String(value);
  if (Array.isArray(value)) return value.map((v) => label(String(v))).join(', ');
  return def.type === 'enum' ? label(String(value ?? '')) : String(value ?? '');
}

export function renderDatasheet(p: {
  locale: Locale;
  model: string;
  title: string;
  summary: string;
  siteName: string;
  category: string;
  params: ParamDef[];
  values: Record<string, unknown>;
}): string {
  const l = LABELS[p.locale];
  const rows = p.params
    .filter((d) => p.values[d.key] !== undefined && p.values[d.key] !== null && p.values[d.key] !== '')
    .map(
      (d) =>
        `<tr><th scope="row">${escapeHtml(nameOf(d.names, p.locale) || d.key)}</th><td>${escapeHtml(valueText(d, p.values[d.key], p.locale))}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${p.locale}">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${p.model} ${l.heading}`)}</title>
<style>
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#111;margin:32px auto;max-width:760px;padding:0 16px}
h1{font-size:24px;margin:0}.brand{color:#555;margin:0 0 16px}table{border-collapse:collapse;width:100%;margin-top:16px}
th,td{border:1px solid #bbb;padding:6px 10px;text-align:left;vertical-align:top}th{width:40%;background:#f3f3f3;font-weight:600}
@media print{body{margin:0}a{color:#111}}
</style>
</head>
<body>
<p class="brand">${escapeHtml(p.siteName)} · ${escapeHtml(l.heading)}</p>
<h1>${escapeHtml(p.model)} · ${escapeHtml(p.title)}</h1>
${p.category ? `<p>${escapeHtml(l.category)}: ${escapeHtml(p.category)}</p>` : ''}
${p.summary ? `<p>${escapeHtml(p.summary)}</p>` : ''}
<table>
<thead><tr><th scope="col">${escapeHtml(l.parameter)}</th><td>${escapeHtml(l.value)}</td></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
