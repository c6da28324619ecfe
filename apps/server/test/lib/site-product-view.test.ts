/**
 * The product list's per-index work (site.product-view.ts): a category's products, sort orders,
 * facet verdicts and counts, made once per product index and answering what the list did before
 * per request (every chosen filter but a facet's own counts toward its values).
 */
import { describe, expect, it } from 'vitest';
import { categoryView, facetCounts, facetVerdicts } from '../../src/modules/cloud-content/site.product-view';
import type { ListedProduct } from '../../src/modules/cloud-content/site.repository';

const product = (
  itemId: number,
  categoryId: number | null,
  title: string,
  model: string,
  params: Record<string, unknown>,
): ListedProduct => ({
  itemId,
  slug: `p-${itemId}`,
  title,
  model,
  summary: '',
  categoryId,
  params,
  discontinued: false,
  releasedAt: 1000 - itemId,
});

const INDEX: ListedProduct[] = [
  product(1, 10, 'Zeta', 'M-3', { form: 'bullet', poe: true, lens: ['2.8', '4'] }),
  product(2, 10, 'alpha', 'M-1', { form: 'dome', poe: false, lens: ['4'] }),
  product(3, 10, 'Beta', 'M-2', { form: 'bullet', poe: false }),
  product(4, 20, 'Gamma', 'M-4', { form: 'dome', poe: true, lens: ['2.8'] }),
  product(5, null, 'Delta', 'M-0', { form: 'bullet' }),
];
const keysOf = (key: string) => (p: ListedProduct) => {
  const have = p.params[key];
  return have === undefined ? [] : (Array.isArray(have) ? have : [have]).map(String);
};
/** What the list computed per request before: counts over the products passing the other filters. */
function naiveCounts(all: ListedProduct[], chosen: Array<[string, (h: unknown) => boolean]>, key: string) {
  const counts = new Map<string, number>();
  for (const p of all) {
    if (!chosen.filter(([k]) => k !== key).every(([k, m]) => m(p.params[k]))) continue;
    for (const k of keysOf(key)(p)) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

describe('categoryView', () => {
  it("keeps a category's visible products, counts per category and sort orders, once per index", () => {
    const view = categoryView(INDEX, new Set([20]), 10);
    expect(view.all.map((p) => p.itemId)).toEqual([1, 2, 3]);
    expect(view.shown.map((p) => p.itemId)).toEqual([1, 2, 3, 5]);
    expect([...view.perCategory]).toEqual([[10, 3]]);
    expect(categoryView(INDEX, new Set([20]), 10)).toBe(view);
    expect(categoryView([...INDEX], new Set([20]), 10)).not.toBe(view);
    const collator = new Intl.Collator('en-US');
    expect([...view.order('newest', collator)].map((i) => view.all[i]!.itemId)).toEqual([1, 2, 3]);
    expect([...view.order('model', collator)].map((i) => view.all[i]!.itemId)).toEqual([2, 3, 1]);
    expect([...view.order('name', collator)].map((i) => view.all[i]!.itemId)).toEqual([2, 3, 1]);
    expect(categoryView(INDEX, new Set(), undefined).all).toHaveLength(5);
  });
});

describe('facetVerdicts and facetCounts', () => {
  const enumIs = (v: string) => (have: unknown) => have === v;
  const has = (v: string) => (have: unknown) => Array.isArray(have) && have.includes(v);
  const cases: Array<Array<[string, (h: unknown) => boolean]>> = [
    [],
    [['form', enumIs('bullet')]],
    [['lens', has('4')]],
    [
      ['form', enumIs('bullet')],
      ['poe', (h) => h === false],
    ],
    [
      ['form', enumIs('dome')],
      ['lens', has('2.8')],
      ['poe', (h) => h === true],
    ],
  ];
  it.each(cases.map((c, i) => [i, c] as const))('counts as the per-request loop did (case %i)', (_i, chosen) => {
    const view = categoryView(INDEX, new Set(), undefined);
    const { fails, matches } = facetVerdicts(view, chosen);
    const listed = view.all.filter((_p, i) => fails[i] === 0).map((p) => p.itemId);
    expect(listed).toEqual(view.all.filter((p) => chosen.every(([k, m]) => m(p.params[k]))).map((p) => p.itemId));
    for (const key of ['form', 'poe', 'lens']) {
      const j = chosen.findIndex(([k]) => k === key);
      const counts = facetCounts(view.facetIndex(key, keysOf(key)), fails, j >= 0 ? matches[j] : undefined);
      expect(counts, key).toEqual(naiveCounts([...view.all], chosen, key));
    }
  });
});
