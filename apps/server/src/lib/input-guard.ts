/**
 * One check of every parsed request input (JSON body, query string, route parameters) before any
 * route reads it (issue 11 §1.8): what no schema below can be trusted to refuse in time.
 *
 * - nesting deeper than INPUT_MAX_DEPTH: `canonicalJson` (signing) and zod recurse, and 10,000
 *   levels overflow the stack (a RangeError, a 500); 1030;
 * - a NUL character or an unpaired UTF-16 surrogate in any string or key: PostgreSQL stores
 *   neither in text or jsonb, the insert fails (a 500 with the statement in the log); 1031;
 * - a number JSON cannot sign (1e400 parses to Infinity); 1032;
 * - more than INPUT_MAX_VALUES values in all: 1033.
 *
 * The walk is iterative (an explicit stack), so it cannot overflow on what it refuses.
 */
import { ErrorCodes } from '@portal/contract';
import { AppError } from './app-error';

/** Deepest nesting of objects and arrays a request may carry (the contract's schemas need far less). */
export const INPUT_MAX_DEPTH = 32;
/** Most values (members and items, at any depth) one request may carry. */
export const INPUT_MAX_VALUES = 100_000;

/** NUL, or a surrogate half without its other half (JSON's "\ud800"). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const where = (path: string) => (path.length > 100 ? `${path.slice(0, 100)}…` : path || 'body');

/** Throws the catalogue error for the first problem found in `value`; returns when there is none. */
export function guardInput(value: unknown, root = ''): void {
  if (value === null || value === undefined) return;
  const stack: Array<{ v: unknown; depth: number; path: string }> = [{ v: value, depth: 0, path: root }];
  let count = 0;
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (++count > INPUT_MAX_VALUES) throw new AppError(ErrorCodes.inputTooLarge, { max: INPUT_MAX_VALUES });
    if (typeof v === 'string') {
      if (BAD_CHARACTER.test(v)) throw new AppError(ErrorCodes.inputBadCharacter, { field: where(path) });
      continue;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new AppError(ErrorCodes.numberOutOfRange, { field: where(path) });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= INPUT_MAX_DEPTH) throw new AppError(ErrorCodes.inputTooDeep, { max: INPUT_MAX_DEPTH });
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1, path: `${path}[${i}]` });
      continue;
    }
    // A parsed body or query: plain data. (A Buffer body of a raw upload is not walked.)
    if (ArrayBuffer.isView(v)) continue;
    for (const k of Object.keys(v)) {
      const p = path ? `${path}.${k}` : k;
      if (BAD_CHARACTER.test(k)) throw new AppError(ErrorCodes.inputBadCharacter, { field: where(path) });
      stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1, path: p });
    }
  }
}
