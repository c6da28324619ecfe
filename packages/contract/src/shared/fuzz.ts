/**
 * Fuzz data for the calls of the contract, generated from their zod schemas (issue 11 §1.8):
 * the API fuzz test (apps/server/test/api/fuzz.test.ts) and the `fuzz` bench case (tools/bench)
 * both draw their requests from here, so they send the same kinds of input.
 *
 * Not part of the contract's index (the browser never loads it): import '@portal/contract/fuzz'.
 *
 * - `validShaped(schema, rng)`: data of the right shape (types, enums, lengths, number bounds,
 *   patterns where a sample fits), so a call gets past validation into its handler now and then;
 * - `hostileData(schema, rng)`: the same, with one to three places replaced by hostile values
 *   (wrong types, huge strings, NUL, lone surrogates, deep nesting, out-of-range numbers,
 *   unknown keys), or the whole `data` replaced;
 * - `malformedBodies(...)`: envelopes and bodies that are wrong as a whole.
 * Everything is drawn from a seeded generator: a failing case is repeated by its seed.
 */
import type { z } from 'zod';
import { API_VERSION, NONCE_MAX } from './constants';

// ---------------------------------------------------------------------------------------------
// Seeded random numbers
// ---------------------------------------------------------------------------------------------

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------
// Valid-shaped data from a schema
// ---------------------------------------------------------------------------------------------

/** The parts of zod 4's internal definition the generator reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  items?: z.ZodType[];
  getter?: () => z.ZodType;
  defaultValue?: unknown;
}
interface Bag {
  minimum?: number;
  maximum?: number;
  format?: string;
  patterns?: Set<RegExp>;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

/** Bounds, format and patterns of a schema, read from its checks. */
function bagOf(s: z.ZodType): Bag {
  const bag: Bag = {};
  const checks = (defOf(s) as Def & { checks?: Array<{ _zod: { def: CheckDef } }> }).checks ?? [];
  for (const c of checks) {
    const d = c._zod.def;
    if (d.check === 'min_length' || d.check === 'min_size') bag.minimum = Math.max(bag.minimum ?? 0, d.minimum ?? 0);
    else if (d.check === 'max_length' || d.check === 'max_size') bag.maximum = Math.min(bag.maximum ?? Infinity, d.maximum ?? Infinity);
    else if (d.check === 'length_equals') bag.minimum = bag.maximum = d.length;
    else if (d.check === 'greater_than') bag.minimum = (d.value ?? 0) + (d.inclusive ? 0 : 1);
    else if (d.check === 'less_than') bag.maximum = (d.value ?? 0) - (d.inclusive ? 0 : 1);
    else if (d.check === 'number_format') bag.format = d.format;
    else if (d.check === 'string_format') {
      if (d.format && d.format !== 'regex') bag.format = d.format;
      if (d.pattern) (bag.patterns ??= new Set()).add(d.pattern);
    }
  }
  // z.email() and friends carry their format on the schema itself.
  const own = defOf(s) as Def & { format?: string; pattern?: RegExp };
  if (own.format) bag.format = own.format;
  if (own.pattern) (bag.patterns ??= new Set()).add(own.pattern);
  return bag;
}

/** Strings that match many of the contract's patterns (SN, MAC, MD5, versions, country codes, ...). */
const SAMPLE_STRINGS = [
  'fuzz.user@example.test',
  'FUZZSN0000001',
  'A1B2C3D4E5F6',
  'A1:B2:C3:D4:E5:F6',
  '0123456789abcdef0123456789abcdef',
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'V1.0.0',
  'IPC-200',
  'DE',
  'US',
  'en-US',
  'zh-CN',
  '1',
  '12345',
  '2026-11-21',
  'Fuzz@12345',
  'example.test',
  'fuzz.key',
  '10.0.0.1',
];

function stringFor(schema: z.ZodType, rng: Rng, key: string): string {
  const bag = bagOf(schema);
  const patterns = [...(bag.patterns ?? [])];
  const min = bag.minimum ?? 0;
  const max = bag.maximum ?? 64;
  const fits = (s: string) => s.length >= min && s.length <= max && patterns.every((p) => p.test(s));
  if (bag.format === 'email' || /email|account/i.test(key)) {
    const e = `fuzz${rng.int(1, 99999)}@example.test`;
    if (fits(e)) return e;
  }
  if (patterns.length || rng.chance(0.3)) {
    const candidates = SAMPLE_STRINGS.filter(fits);
    if (candidates.length) return rng.pick(candidates);
  }
  const len = Math.max(min, Math.min(max, rng.int(min, Math.min(max, min + 12))));
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.';
  let s = '';
  for (let i = 0; i < len; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}

function numberFor(schema: z.ZodType, rng: Rng, key: string): number {
  const bag = bagOf(schema);
  const isInt = bag.format === 'safeint' || bag.format === 'int32' || bag.format === 'uint32';
  const lo = bag.minimum ?? (isInt ? 0 : -1000);
  // Ids and page numbers small, so that they name rows that exist now and then.
  const hi = Math.min(bag.maximum ?? 1000, /ids?$/i.test(key) ? 60 : /^page/.test(key) ? Math.max(lo, 3) : Infinity);
  // Times (ms since the epoch) are near "now" of the tests' clock.
  if (/^(from|to|time|startAt|endAt|.*At)$/.test(key) && bag.maximum === undefined)
    return Date.UTC(2026, 10, rng.int(1, 28), rng.int(0, 23));
  if (isInt) return rng.int(Math.max(lo, -1e6), Math.min(hi, 1e6));
  return Math.max(lo, Math.min(hi, lo + rng.next() * Math.min(hi - lo, 1e6)));
}

function anyJson(rng: Rng, depth = 0): unknown {
  const k = rng.int(0, depth > 2 ? 3 : 5);
  if (k === 0) return rng.int(-5, 5000);
  if (k === 1) return `v${rng.int(0, 999)}`;
  if (k === 2) return rng.chance(0.5);
  if (k === 3) return null;
  if (k === 4) return Array.from({ length: rng.int(0, 3) }, () => anyJson(rng, depth + 1));
  return Object.fromEntries(Array.from({ length: rng.int(0, 3) }, (_, i) => [`k${i}`, anyJson(rng, depth + 1)]));
}

/**
 * Data of the schema's shape. Refinements (custom checks) are not followed: a value may still be
 * refused, which is part of what the fuzz run exercises.
 */
export function validShaped(schema: z.ZodType, rng: Rng, key = '', depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 12) return undefined;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(def.shape ?? {})) {
        const v = validShaped(s, rng, k, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      // A confirmation repeats what it confirms (most of the time).
      if ('confirmPassword' in out && typeof out.password === 'string' && rng.chance(0.8)) out.confirmPassword = out.password;
      return out;
    }
    case 'string':
      return stringFor(schema, rng, key);
    case 'number':
      return numberFor(schema, rng, key);
    case 'int':
      return numberFor(schema, rng, key);
    case 'boolean':
      return rng.chance(0.5);
    case 'enum':
      return rng.pick(Object.values(def.entries ?? {}));
    case 'literal':
      return rng.pick(def.values ?? [null]);
    case 'null':
      return null;
    case 'undefined':
    case 'never':
    case 'void':
      return undefined;
    case 'optional':
      return rng.chance(0.35) ? undefined : validShaped(def.innerType!, rng, key, depth + 1);
    case 'default':
    case 'prefault':
      return rng.chance(0.3) ? undefined : validShaped(def.innerType!, rng, key, depth + 1);
    case 'nullable':
      return rng.chance(0.2) ? null : validShaped(def.innerType!, rng, key, depth + 1);
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validShaped(def.innerType!, rng, key, depth + 1);
    case 'pipe':
      return defOf(def.in!).type === 'transform' ? validShaped(def.out!, rng, key, depth + 1) : validShaped(def.in!, rng, key, depth + 1);
    case 'transform':
      return anyJson(rng);
    case 'union':
      return validShaped(rng.pick(def.options ?? []), rng, key, depth + 1);
    case 'intersection': {
      const l = validShaped(def.left!, rng, key, depth + 1);
      const r = validShaped(def.right!, rng, key, depth + 1);
      return l && r && typeof l === 'object' && typeof r === 'object' ? { ...l, ...r } : l;
    }
    case 'array': {
      const bag = bagOf(schema);
      const min = bag.minimum ?? 0;
      const n = Math.min(bag.maximum ?? 4, min + rng.int(0, 3));
      return Array.from({ length: n }, () => validShaped(def.element!, rng, key, depth + 1));
    }
    case 'tuple':
      return (def.items ?? []).map((s) => validShaped(s, rng, key, depth + 1));
    case 'record': {
      const n = rng.int(0, 3);
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const k = validShaped(def.keyType!, rng, key, depth + 1);
        out[typeof k === 'string' ? k : `k${i}`] = validShaped(def.valueType!, rng, key, depth + 1);
      }
      return out;
    }
    case 'lazy':
      return validShaped(def.getter!(), rng, key, depth + 1);
    case 'date':
      return new Date(Date.UTC(2026, 10, 21)).toISOString();
    case 'unknown':
    case 'any':
    default:
      return anyJson(rng);
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Nesting deeper than any request may be (the server's guard answers a catalogue code). */
export const FUZZ_DEEP_LEVELS = 10_000;

/** `[[[...]]]` or `{"a":{"a":...}}` nested `levels` deep, built without recursion. */
export function deeplyNested(levels: number, kind: 'array' | 'object' = 'array'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const HOSTILE: ReadonlyArray<(rng: Rng) => unknown> = [
  // wrong types
  () => 0,
  () => -1,
  () => 1.5,
  () => true,
  () => null,
  () => [],
  () => ({}),
  () => '',
  () => '1',
  () => [1, 'x', null, {}],
  () => ({ nested: { wrong: [true] } }),
  // strings: NUL, lone surrogates, huge, control characters, SQL and markup
  () => '\u0000',
  () => 'fuzz\u0000name',
  () => 'A1B2C3D4E5F6\u0000',
  () => '\ud800',
  () => 'x\udfffy',
  (rng) => 'a'.repeat(rng.pick([256, 4097, 65_537, 300_000])),
  (rng) => '界'.repeat(rng.pick([1000, 70_000])),
  () => "' or 1=1 --",
  () => '%_\\',
  () => '<script>alert(1)</script>',
  () => '\r\n\t\u0007\u001b[0m',
  () => '\u202e\ufeff\u200b',
  () => '😀'.repeat(40),
  // numbers out of range
  () => 2 ** 31,
  () => -(2 ** 31) - 1,
  () => 2 ** 32 + 5,
  () => Number.MAX_SAFE_INTEGER,
  () => Number.MAX_SAFE_INTEGER + 2,
  () => 2 ** 63,
  () => 1e300,
  () => -1e300,
  () => 5e-324,
  () => -0,
  () => 8.64e15 + 1,
  // big and deep structures (within the body limit)
  () => Array.from({ length: 50_000 }, (_, i) => i),
  () => Array.from({ length: 2000 }, () => 'FUZZSN0000001'),
  () => deeplyNested(200),
  () => deeplyNested(200, 'object'),
  () => Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
];

export function hostileValue(rng: Rng): unknown {
  return rng.pick(HOSTILE)(rng);
}

type Path = Array<string | number>;

/** Paths of every member in a JSON-like value (objects and arrays), the root excluded. */
function pathsOf(v: unknown, base: Path = [], out: Path[] = []): Path[] {
  const members: Array<[string | number, unknown]> = Array.isArray(v)
    ? v.map((x, i) => [i, x])
    : v && typeof v === 'object'
      ? Object.entries(v)
      : [];
  for (const [k, x] of members) {
    out.push([...base, k]);
    pathsOf(x, [...base, k], out);
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): void {
  let cur = root as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = value;
}

/**
 * Valid-shaped data with one to three hostile changes: a member replaced by a hostile value, an
 * unknown member added, or (sometimes) the whole data replaced.
 */
export function hostileData(schema: z.ZodType, rng: Rng): unknown {
  if (rng.chance(0.15)) return hostileValue(rng);
  const data = validShaped(schema, rng) ?? {};
  // Fill optional members too, so that they can be made hostile.
  const shape = defOf(schema).shape;
  if (shape && data && typeof data === 'object') {
    for (const k of Object.keys(shape)) if (!(k in data) && rng.chance(0.5)) (data as Record<string, unknown>)[k] = hostileValue(rng);
  }
  const changes = rng.int(1, 3);
  for (let i = 0; i < changes; i++) {
    const paths = pathsOf(data);
    if (!paths.length || rng.chance(0.1)) {
      if (data && typeof data === 'object' && !Array.isArray(data))
        (data as Record<string, unknown>)[rng.pick(['extra', 'constructor', 'toString', 'valueOf'])] = hostileValue(rng);
      continue;
    }
    setAt(data, rng.pick(paths), hostileValue(rng));
  }
  return data;
}

/** The cases of one call: `valid` valid-shaped and `hostile` hostile data objects. */
export function fuzzData(
  schema: z.ZodType,
  rng: Rng,
  counts: { valid: number; hostile: number },
): Array<{ kind: 'valid' | 'hostile'; data: unknown }> {
  return [
    ...Array.from({ length: counts.valid }, () => ({ kind: 'valid' as const, data: validShaped(schema, rng) ?? {} })),
    ...Array.from({ length: counts.hostile }, () => ({ kind: 'hostile' as const, data: hostileData(schema, rng) })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Whole bodies that are wrong
// ---------------------------------------------------------------------------------------------

export interface RawBody {
  name: string;
  payload: string | Uint8Array;
  contentType?: string;
}

/**
 * Request bodies wrong as a whole: not JSON, the wrong JSON, a broken or hostile basic block, data
 * nested far too deep (with a basic block that is otherwise right, so only the data is at fault).
 * `basic` is a well-formed basic block of the caller.
 */
export function malformedBodies(basic: Record<string, unknown>): RawBody[] {
  const j = (v: unknown) => JSON.stringify(v);
  const deepArray = `${'['.repeat(FUZZ_DEEP_LEVELS)}1${']'.repeat(FUZZ_DEEP_LEVELS)}`;
  const deepObject = `${'{"a":'.repeat(FUZZ_DEEP_LEVELS)}1${'}'.repeat(FUZZ_DEEP_LEVELS)}`;
  return [
    { name: 'empty', payload: '' },
    { name: 'not json', payload: '{"basic": {' },
    { name: 'json null', payload: 'null' },
    { name: 'json array', payload: '[1,2,3]' },
    { name: 'json string', payload: '"basic"' },
    { name: 'json number', payload: '1e400' },
    { name: 'text content type', payload: j({ basic, data: {} }), contentType: 'text/plain' },
    { name: 'form content type', payload: 'basic=1', contentType: 'application/x-www-form-urlencoded' },
    { name: 'no basic', payload: j({ data: {} }) },
    { name: 'basic null', payload: j({ basic: null, data: {} }) },
    { name: 'basic string', payload: j({ basic: 'x', data: {} }) },
    { name: 'basic wrong types', payload: j({ basic: { ver: 1, time: 'now', id: [], nonce: -1, token: {}, sign: 5 }, data: {} }) },
    { name: 'basic huge nonce', payload: j({ basic: { ...basic, nonce: NONCE_MAX * 4 }, data: {} }) },
    { name: 'basic time 1e400', payload: `{"basic":${j({ ...basic, time: 0 }).replace('"time":0', '"time":1e400')},"data":{}}` },
    { name: 'basic time float', payload: j({ basic: { ...basic, time: 1.5 }, data: {} }) },
    { name: 'basic NUL token', payload: j({ basic: { ...basic, token: 'a\u0000b' }, data: {} }) },
    { name: 'basic NUL id', payload: j({ basic: { ...basic, id: '\u0000' }, data: {} }) },
    { name: 'basic unknown ver', payload: j({ basic: { ...basic, ver: `${API_VERSION}9` }, data: {} }) },
    { name: 'basic extra key', payload: j({ basic: { ...basic, extra: 1 }, data: {} }) },
    { name: 'envelope extra key', payload: j({ basic, data: {}, more: 1 }) },
    { name: 'proto pollution', payload: `{"basic":${j(basic)},"data":{"__proto__":{"admin":true}}}` },
    { name: 'constructor pollution', payload: `{"basic":${j(basic)},"data":{"constructor":{"prototype":{"admin":true}}}}` },
    { name: 'data deep array', payload: `{"basic":${j(basic)},"data":${deepArray}}` },
    { name: 'data deep object', payload: `{"basic":${j(basic)},"data":${deepObject}}` },
    { name: 'data 1e400', payload: `{"basic":${j(basic)},"data":{"pageNum":1e400}}` },
    { name: 'data NUL key', payload: `{"basic":${j(basic)},"data":{"a\\u0000b":1}}` },
    { name: 'over the body limit', payload: j({ basic, data: { s: 'x'.repeat(1024 * 1024 + 10) } }) },
    { name: 'invalid utf-8', payload: new Uint8Array([0x7b, 0x22, 0x62, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  ];
}
