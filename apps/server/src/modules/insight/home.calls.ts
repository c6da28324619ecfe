/** Home's summary call (home/summary). */
import { insightCalls } from '@portal/contract';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { homeSummary } from './home.service';

export const homeImpls: CallImpl[] = [
  implement(
    insightCalls.homeSummary,
    { none: "counts of the caller's own subtree only, each card behind its resource code; names no other tenant" },
    (ctx) => homeSummary(ctx),
  ),
];
