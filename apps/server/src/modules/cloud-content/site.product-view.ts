/**
 * What the public site's product list works out once per product index rather than per request
 * (issue 14 Figures: a list with a different mix of facets each request): the products a visitor
 * may see, a category's products, the count per category, each sort's order and each product's
 * facet value keys. Kept beside the product index it was made from (a WeakMap on that array, which
 * the read cache replaces when content changes), so it lives exactly as long as the index.
 *
 * A request then only tests its 1-3 chosen values against the category's products and counts the
 * others' keys: integer loops over typed arrays, no sort and no key computed again.
 */
import type { ListedProduct } from './site.repository';

export type ProductSort = 'newest' | 'model' | 'name';

/**
 * A facet's value keys over a category's products as integers: product i has the keys
 * `names[codes[j]]` for j from `offsets[i]` to `offsets[i + 1]`.
 */
export interface FacetIndex {
  names: string[];
  offsets: Int32Array;
  codes: Int32Array;
}

export class CategoryView {
  private readonly orders = new Map<ProductSort, Int32Array>();
  private readonly facets = new Map<string, FacetIndex>();
  private readonly columns = new Map<string, unknown[]>();
  private perCategoryCounts?: Map<number, number>;

  constructor(
    /** The products this visitor may see (newest first, as the index lists them). */
    readonly shown: readonly ListedProduct[],
    /** Those of the category (all of `shown` without one). */
    readonly all: readonly ListedProduct[],
  ) {}

  /** Shown products per category. */
  get perCategory(): ReadonlyMap<number, number> {
    if (!this.perCategoryCounts) {
      const counts = new Map<number, number>();
      for (const p of this.shown) if (p.categoryId) counts.set(p.categoryId, (counts.get(p.categoryId) ?? 0) + 1);
      this.perCategoryCounts = counts;
    }
    return this.perCategoryCounts;
  }

  /** Positions in `all` in the order of `sort` (the same order the list always had: ties by item id). */
  order(sort: ProductSort, collator: Intl.Collator): Int32Array {
    let order = this.orders.get(sort);
    if (!order) {
      const idx = Array.from(this.all.keys());
      const a = this.all;
      if (sort === 'model')
        idx.sort((x, y) => (a[x]!.model < a[y]!.model ? -1 : a[x]!.model > a[y]!.model ? 1 : a[x]!.itemId - a[y]!.itemId));
      else if (sort === 'name') idx.sort((x, y) => collator.compare(a[x]!.title, a[y]!.title) || a[x]!.itemId - a[y]!.itemId);
      order = Int32Array.from(idx);
      this.orders.set(sort, order);
    }
    return order;
  }

  /** Each product's facet value keys under `signature` (made once by `keysOf`), as integer codes. */
  facetIndex(signature: string, keysOf: (p: ListedProduct) => string[]): FacetIndex {
    let index = this.facets.get(signature);
    if (!index) {
      const names: string[] = [];
      const codeOf = new Map<string, number>();
      const offsets = new Int32Array(this.all.length + 1);
      const codes: number[] = [];
      this.all.forEach((p, i) => {
        for (const k of keysOf(p)) {
          let code = codeOf.get(k);
          if (code === undefined) {
            code = names.push(k) - 1;
            codeOf.set(k, code);
          }
          codes.push(code);
        }
        offsets[i + 1] = codes.length;
      });
      index = { names, offsets, codes: Int32Array.from(codes) };
      this.facets.set(signature, index);
    }
    return index;
  }

  /** Each product's value of parameter `key`, aligned with `all`. */
  column(key: string): readonly unknown[] {
    let column = this.columns.get(key);
    if (!column) {
      column = this.all.map((p) => p.params[key]);
      this.columns.set(key, column);
    }
    return column;
  }
}

/** Views per product index: by hidden categories and category. Bounded: a visitor picks neither freely. */
const views = new WeakMap<readonly ListedProduct[], Map<string, CategoryView>>();
const MAX_VIEWS_PER_INDEX = 256;

/** The view of `categoryId` (or all products) in `index`, for a visitor who may not see `hidden`. */
export function categoryView(index: readonly ListedProduct[], hidden: ReadonlySet<number>, categoryId: number | undefined): CategoryView {
  let byKey = views.get(index);
  if (!byKey) {
    byKey = new Map();
    views.set(index, byKey);
  }
  const hiddenKey = [...hidden].sort((a, b) => a - b).join(',');
  const key = `${hiddenKey}|${categoryId ?? ''}`;
  let view = byKey.get(key);
  if (!view) {
    const all = byKey.get(`${hiddenKey}|`)?.shown ?? index.filter((p) => !p.categoryId || !hidden.has(p.categoryId));
    view = new CategoryView(all, categoryId ? all.filter((p) => p.categoryId === categoryId) : all);
    if (byKey.size >= MAX_VIEWS_PER_INDEX) byKey.clear();
    byKey.set(key, view);
  }
  return view;
}

/**
 * The chosen values' verdicts over a view's products: `fails[i]` counts the chosen facets product i
 * does not match, and `matches[j][i]` says whether it matches the j-th. A product is listed when it
 * fails none; it counts in facet j's values when it fails none but (perhaps) j.
 */
export function facetVerdicts(
  view: CategoryView,
  chosen: ReadonlyArray<readonly [key: string, match: (have: unknown) => boolean]>,
): { fails: Uint8Array; matches: Uint8Array[] } {
  const n = view.all.length;
  const fails = new Uint8Array(n);
  const matches = chosen.map(([key, match]) => {
    const values = view.column(key);
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (match(values[i])) out[i] = 1;
      else fails[i] = fails[i]! + 1;
    }
    return out;
  });
  return { fails, matches };
}

/**
 * A facet's counts: per value key, the products that pass every chosen filter but this facet's own
 * (`mine`, its verdicts when one of its values is chosen).
 */
export function facetCounts(index: FacetIndex, fails: Uint8Array, mine: Uint8Array | undefined): Map<string, number> {
  const counts = new Int32Array(index.names.length);
  const { offsets, codes } = index;
  for (let i = 0; i < fails.length; i++) {
    const f = fails[i]!;
    if (f !== 0 && !(f === 1 && mine !== undefined && mine[i] === 0)) continue;
    for (let j = offsets[i]!; j < offsets[i + 1]!; j++) counts[codes[j]!]!++;
  }
  const out = new Map<string, number>();
  index.names.forEach((name, code) => {
    if (counts[code]! > 0) out.set(name, counts[code]!);
  });
  return out;
}
