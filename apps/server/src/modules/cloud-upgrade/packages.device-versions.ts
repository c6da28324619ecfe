/**
 * What the package and release screens offer from the caller's devices (subtree and current area):
 * firmware versions to mark as compatible, models with their versions, and countries of regions.
 */
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { upgradeCalls, ProductType } from '@portal/contract';
import { devices } from '../../db/schema';
import { requireActor, type CallContext } from '../../lib/context';
import { scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Data<K extends keyof typeof upgradeCalls> = z.output<(typeof upgradeCalls)[K]['data']>;

function scope(ctx: CallContext) {
  const actor = requireActor(ctx);
  return and(scopedToSubtree(devices.companyPath, actor), scopedToArea(devices.areaId, actor));
}

export async function compatibleVersions(ctx: CallContext, d: Data<'compatibleVersions'>) {
  const n = count();
  return ctx.db
    .select({ version: devices.firmwareVersion, devices: n })
    .from(devices)
    .where(
      and(
        scope(ctx),
        eq(devices.productType, d.productType),
        d.models.length ? inArray(devices.model, d.models) : undefined,
        ne(devices.firmwareVersion, ''),
      ),
    )
    .groupBy(devices.firmwareVersion)
    .orderBy(desc(n), asc(devices.firmwareVersion));
}

export async function mainVersions(ctx: CallContext, d: Data<'mainVersions'>) {
  const rows = await ctx.db
    .select({ model: devices.model, productType: devices.productType, version: devices.firmwareVersion, devices: count() })
    .from(devices)
    .where(and(scope(ctx), d.productType ? eq(devices.productType, d.productType) : undefined))
    .groupBy(devices.model, devices.productType, devices.firmwareVersion)
    .orderBy(asc(devices.model), asc(devices.productType), asc(devices.firmwareVersion));
  return rows.map((r) => ({ ...r, productType: r.productType as ProductType }));
}

export async function countryCodes(ctx: CallContext, d: Data<'countryCodes'>) {
  const n = count();
  return ctx.db
    .select({ code: devices.country, devices: n })
    .from(devices)
    .where(and(scope(ctx), d.areaIds.length ? inArray(devices.areaId, d.areaIds) : undefined, ne(devices.country, '')))
    .groupBy(devices.country)
    .orderBy(desc(n), asc(devices.country));
}
