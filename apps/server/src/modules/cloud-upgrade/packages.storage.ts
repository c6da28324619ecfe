/**
 * The portal's own package storage (storageType 'portal'): where chunks, assembled packages and DC
 * copies live in the file store, and the storage credential (securityToken) that storage-info/get
 * hands out and the storage routes check.
 *
 * The token is a signed query (lib/files signUrl): the package, its object name, the action and the
 * user, with an expiry. It is opaque to the client, sent back in X-Security-Token.
 */
import { chunkPlan, ErrorCodes, PACKAGE_CHUNK_BYTES, STORAGE_PATH_PREFIX } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { chunkKeyOf, signUrl, verifySignedUrl, type ChunkedUpload } from '../../lib/files';

export const STORAGE_BUCKET = 'firmware';
export const SECURITY_TOKEN_HEADER = 'x-security-token';

/** The object a package's chunks are uploaded to: `uploads/firmware/<pkgId>` (chunks below it). */
export const uploadObjectName = (pkgId: number) => `uploads/firmware/${pkgId}`;
/** A package's upload as the shared resumable upload sees it (lib/files/resumable). */
export const packageUpload = (pkg: { id: number; size: number }): ChunkedUpload => ({
  prefix: uploadObjectName(pkg.id),
  size: pkg.size,
  chunkBytes: PACKAGE_CHUNK_BYTES,
});
export const chunkKey = (pkgId: number, index: number) => chunkKeyOf({ prefix: uploadObjectName(pkgId) }, index);
/** The assembled, verified package (firmware_packages.object_key). */
export const assembledKey = (companyId: number, pkgId: number) => `firmware/${companyId}/${pkgId}.bin`;
/** A package's copy in one DC. */
export const dcCopyKey = (areaId: number, pkgId: number) => `firmware/dc/${areaId}/${pkgId}.bin`;

export const chunkCount = (size: number) => Math.ceil(size / PACKAGE_CHUNK_BYTES);
/** Length chunk `index` must have: the chunk size, the last one what remains. */
export const chunkLength = (size: number, index: number) => chunkPlan(size, PACKAGE_CHUNK_BYTES).bytesOf(index);

export type StorageAction = 'upload' | 'download';

export interface StorageGrant {
  pkgId: number;
  objectName: string;
  action: StorageAction;
  userId: number;
  companyId: number;
}

const TOKEN_PATH = '/storage-token/v1';

export function storageUrl(publicUrl: string): string {
  return `${publicUrl}${STORAGE_PATH_PREFIX}`;
}

export function issueStorageToken(grant: StorageGrant, secret: string, expiresAt: number): string {
  const q = new URLSearchParams({
    pkg: String(grant.pkgId),
    obj: grant.objectName,
    act: grant.action,
    uid: String(grant.userId),
    cid: String(grant.companyId),
  });
  const signed = signUrl(`${TOKEN_PATH}?${q}`, secret, { expiresAt });
  return signed.slice(signed.indexOf('?') + 1);
}

const invalid = (detail: string): never => {
  throw new AppError(ErrorCodes.storageTokenInvalid, undefined, detail);
};

/**
 * The grant of a token, checked for signature and expiry, and for being the grant the route needs
 * (the same object and action, and the same package unless the route cannot name it). Throws AppError(24009).
 */
export function verifyStorageToken(
  token: unknown,
  secret: string,
  now: number,
  need: { pkgId: number | null; objectName: string; action: StorageAction },
): StorageGrant {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return invalid('no token');
  let params: URLSearchParams;
  try {
    params = verifySignedUrl(`${TOKEN_PATH}?${token}`, secret, now).params;
  } catch (err) {
    return invalid(err instanceof Error ? err.message : 'bad token');
  }
  const grant: StorageGrant = {
    pkgId: Number(params.get('pkg')),
    objectName: params.get('obj') ?? '',
    action: params.get('act') as StorageAction,
    userId: Number(params.get('uid')),
    companyId: Number(params.get('cid')),
  };
  if (
    !Number.isSafeInteger(grant.pkgId) ||
    (need.pkgId !== null && grant.pkgId !== need.pkgId) ||
    grant.objectName !== need.objectName ||
    grant.action !== need.action
  ) {
    return invalid(`token for ${grant.action} ${grant.objectName}, not ${need.action} ${need.objectName}`);
  }
  return grant;
}
