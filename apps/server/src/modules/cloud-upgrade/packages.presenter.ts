/**
 * Package rows to the contract's FirmwarePackage, and the status reason the server keeps beside the
 * state. A reason is stored as JSON so that it is shown in the reader's language: a catalogue code
 * with its params ({"code":24001,"params":{"computed":"..."}}), a plain text (a storage error), or
 * the processing claim of a worker ({"claim":...}), which is not a reason and is never shown.
 */
import { errorMessage, isKnownErrorCode, type FirmwarePackage, type Locale } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { callerFileLinkUrl } from '../../lib/files';
import { allowedActions } from '../../lib/policy';
import { packagePolicy, type PackageSubject } from './packages.policy';
import { packageDetails, packagesInUse, type PackageRow } from './packages.repository';

export type { PackageRow };

export type StatusReason = { code: number; params?: Record<string, string | number> } | { text: string } | { claim: string; at: number };

export const encodeReason = (r: StatusReason) => JSON.stringify(r);

export function decodeReason(stored: string | null): StatusReason | null {
  if (!stored) return null;
  try {
    const r = JSON.parse(stored) as StatusReason;
    if (r && typeof r === 'object') return r;
  } catch {
    // a plain text reason written by hand
  }
  return { text: stored };
}

export function reasonText(stored: string | null, locale: Locale): string | null {
  const r = decodeReason(stored);
  if (!r || 'claim' in r) return null;
  if ('code' in r) return isKnownErrorCode(r.code) ? errorMessage(r.code, locale, r.params) : null;
  return r.text;
}

export interface PresentOptions {
  db: Db | Tx;
  actor: Actor;
  locale: Locale;
  now: number;
  linkSecret: string;
}

const iso = (d: Date) => d.toISOString();

/** The package as its policy sees it at `now`. */
export const packageSubject = (r: PackageRow, inUse: boolean, now: number): PackageSubject => ({
  status: r.status,
  validUntil: r.validUntil ? r.validUntil.getTime() : null,
  inUse,
  now,
});

/** The packages in the order given, with company name, per-DC sync state, bytes received and the signing sheet link. */
export async function presentPackages(rows: PackageRow[], o: PresentOptions): Promise<FirmwarePackage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  const sheetIds = [...new Set(rows.map((r) => r.signSheetFileId).filter((x): x is number => x !== null))];
  const { names, syncs, received, sheets } = await packageDetails(o.db, ids, companyIds, sheetIds, o.locale);
  const inUse = await packagesInUse(o.db, ids);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const bytesOf = new Map(received.map((r) => [r.pkgId, Number(r.bytes)]));
  const sheetOf = new Map(sheets.map((f) => [f.id, f.path]));
  return rows.map((r) => {
    const sheetPath = r.signSheetFileId !== null ? sheetOf.get(r.signSheetFileId) : undefined;
    const uploadedBytes = r.status === 'upload_incomplete' ? (bytesOf.get(r.id) ?? 0) : r.status === 'deleted' ? 0 : r.size;
    return {
      pkgId: r.id,
      companyId: r.companyId,
      companyName: nameOf.get(r.companyId) ?? '',
      versionName: r.versionName,
      productType: r.productType as FirmwarePackage['productType'],
      models: r.models,
      compatibleVersions: r.compatibleVersions,
      validityDays: r.validityDays,
      validUntil: r.validUntil ? r.validUntil.getTime() : null,
      isTest: r.isTest,
      descriptions: r.descriptions as Record<string, string>,
      signSheetFileId: r.signSheetFileId,
      signSheetUrl: sheetPath ? callerFileLinkUrl(o.actor, sheetPath, o.linkSecret, o.now) : null,
      fileName: r.fileName,
      size: r.size,
      md5: r.md5,
      sha256: r.sha256,
      uploadedBytes,
      status: r.status as FirmwarePackage['status'],
      statusReason: reasonText(r.statusReason, o.locale),
      sync: syncs
        .filter((s) => s.pkgId === r.id)
        .map((s) => ({
          areaId: s.areaId,
          areaName: s.areaName,
          state: s.state as 'pending' | 'synced' | 'failed',
          at: s.state === 'pending' || !s.at ? null : iso(s.at),
        })),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      actions: allowedActions(packagePolicy, o.actor, packageSubject(r, inUse.has(r.id), o.now)),
    };
  });
}
