/**
 * Demo devices: about 300 cameras and recorders of Acme Vision across its areas (RDC, DC-EU, DC-US)
 * and six countries, on IPC-200 and NVR-800 with a few firmware versions, a third of them online;
 * a smaller fleet for Northwind (another brand, never visible to Acme). Acme's provisioning key is
 * the seed's random one (demo-keys.ts), kept in DATA_DIR where the simulator reads it.
 */
import type { Tx } from '@portal/server/db/client';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { one } from './shared';

export interface DemoFleet {
  company: string;
  count: number;
  snPrefix: string;
  /** First 6 hex digits of the MACs. */
  oui: string;
  /** Areas by name with the countries their devices are in. */
  placement: Array<{ area: string; countries: string[] }>;
}

export const DEMO_FLEETS: readonly DemoFleet[] = [
  {
    company: 'Acme Vision',
    count: 300,
    snPrefix: 'ACME',
    oui: 'A4C3F0',
    placement: [
      { area: 'DC-EU', countries: ['DE', 'FR', 'GB'] },
      { area: 'DC-US', countries: ['US', 'CA'] },
      { area: 'RDC', countries: ['AE'] },
    ],
  },
  {
    company: 'Northwind Security Systems',
    count: 60,
    snPrefix: 'NWS',
    oui: '5C8A20',
    placement: [{ area: 'DC-US', countries: ['US', 'MX'] }],
  },
];

/** IPC-200 on V1.0.0-V1.2.0 (4 in 5 devices), NVR-800 on V3.0.0-V3.1.0. */
export const DEMO_MODELS = [
  { model: 'IPC-200', productType: 'IPC', versions: ['V1.0.0', 'V1.0.0', 'V1.1.0', 'V1.1.0', 'V1.2.0'] },
  { model: 'NVR-800', productType: 'NVR', versions: ['V3.0.0', 'V3.0.0', 'V3.1.0'] },
] as const;

/** The demo fleets, and Acme Vision's provisioning key (shown in Devices > provisioning key; reset there to revoke it). */
export async function seedDemoDevices(
  tx: Tx,
  areaIds: Record<string, number>,
  companyIds: Record<string, number>,
  provisioningKey: string,
): Promise<number> {
  let total = 0;
  for (const fleet of DEMO_FLEETS) {
    const companyId = companyIds[fleet.company];
    if (companyId === undefined) throw new Error(`seedDemoDevices: no company ${fleet.company}`);
    const company = (await one<{ path: string }>(tx, sql`select path from companies where id = ${companyId}::int`))!;
    // Device n takes the n-th (area, country) slot, round robin: every area and country gets devices.
    const slots = fleet.placement.flatMap((p) => p.countries.map((c) => ({ areaId: areaIds[p.area]!, country: c })));
    const [ipc, nvr] = DEMO_MODELS;
    await tx.execute(sql`
      insert into devices (company_id, company_path, sn, mac, model, product_type, firmware_version, hardware_version, country, area_id,
                           last_seen_at, registered_at, created_at, updated_at)
      select ${companyId}::int, ${company.path}::text,
             ${fleet.snPrefix} || case when n % 5 = 0 then 'NVR' else 'IPC' end || lpad(n::text, 5, '0'),
             ${fleet.oui} || lpad(upper(to_hex(n)), 6, '0'),
             case when n % 5 = 0 then ${nvr.model} else ${ipc.model} end,
             case when n % 5 = 0 then ${nvr.productType} else ${ipc.productType} end,
             case when n % 5 = 0 then (${sql.param([...nvr.versions])}::text[])[1 + (n / 5) % ${nvr.versions.length}::int]
                  else (${sql.param([...ipc.versions])}::text[])[1 + n % ${ipc.versions.length}::int] end,
             case when n % 4 = 0 then 'HW2.0' else 'HW1.0' end,
             (${sql.param(slots.map((s) => s.country))}::text[])[1 + n % ${slots.length}::int],
             (${sql.param(slots.map((s) => s.areaId))}::int[])[1 + n % ${slots.length}::int],
             -- a third online (seen in the last minutes), most others seen days ago, some never
             case when n % 3 = 0 then now() - (n % 240) * interval '1 second'
                  when n % 11 = 0 then null
                  else now() - (1 + n % 20) * interval '1 day' end,
             case when n % 11 = 0 then null else now() - (30 + n % 400) * interval '1 day' end,
             now() - (30 + n % 400) * interval '1 day',
             now()
        from generate_series(1, ${fleet.count}::int) n`);
    total += fleet.count;
  }
  const acme = companyIds['Acme Vision']!;
  await tx.execute(sql`
    insert into device_provisioning_keys (company_id, key_hash, key, created_at)
    values (${acme}::int, ${createHash('sha256').update(provisioningKey).digest('hex')}, ${provisioningKey}, now())`);
  return total;
}
