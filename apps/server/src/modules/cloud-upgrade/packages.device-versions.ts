/**
 * What the package and release screens offer from the caller's devices (subtree and current area):
 * firmware versions to mark as compatible, models with their versions, and countries of regions.
 */
import type { z } from 'zod';
import type { upgradeCalls, ProductType } from '@portal/contract';
import { requireActor, type CallContext } from '../../lib/context';
import { compatibleVersionsInScope, countryCodesInScope, mainVersionsInScope } from './devices.repository';

type Data<K extends keyof typeof upgradeCalls> = z.output<(typeof upgradeCalls)[K]['data']>;

export async function compatibleVersions(ctx: CallContext, d: Data<'compatibleVersions'>) {
  return compatibleVersionsInScope(ctx.db, requireActor(ctx), d);
}

export async function mainVersions(ctx: CallContext, d: Data<'mainVersions'>) {
  const rows = await mainVersionsInScope(ctx.db, requireActor(ctx), d);
  return rows.map((r) => ({ ...r, productType: r.productType as ProductType }));
}

export async function countryCodes(ctx: CallContext, d: Data<'countryCodes'>) {
  return countryCodesInScope(ctx.db, requireActor(ctx), d);
}
