import { z } from 'zod';
import { CHAT_DOCUMENT_EXTS, CHAT_FILE_MAX_BYTES, CHAT_IMAGE_EXTS } from '../feedback-chat';
import { COVER_IMAGE_MAX_BYTES, LICENCE_FILE_MAX_BYTES, LOGO_UPLOAD_MAX_BYTES } from '../../shared/constants';
import type { ResourceCode } from '../../shared/resource-codes';
import { idSchema } from '../../shared/validators';

/**
 * Uploads are the one call whose body is not JSON: POST the raw bytes to FILE_UPLOAD_PATH with
 * `?purpose=&name=` and the basic block as JSON in the `X-Basic` header, signed over the data
 * below (so the bytes cannot be swapped). The server checks the content, not only the extension.
 */
export const FILE_UPLOAD_PATH = 'file/upload';

export const UPLOAD_PURPOSES = {
  logo: { allowed: ['png', 'jpg'], maxBytes: LOGO_UPLOAD_MAX_BYTES, isPublic: true, anyOf: ['dealer_account_mgr', 'dealer_customweb_qry'] },
  branding: {
    allowed: ['png', 'jpg', 'gif', 'ico'],
    maxBytes: LOGO_UPLOAD_MAX_BYTES,
    isPublic: true,
    anyOf: ['dealer_customweb_qry', 'supplier_system_mgr'],
  },
  cover: {
    allowed: ['png', 'jpg', 'gif'],
    maxBytes: COVER_IMAGE_MAX_BYTES,
    isPublic: true,
    anyOf: ['dealer_cloudresource_mgr', 'dealer_pionts_mall_mgr', 'dealer_storage_mgr'],
  },
  goodsDetail: { allowed: ['png', 'jpg', 'gif'], maxBytes: COVER_IMAGE_MAX_BYTES, isPublic: true, anyOf: ['dealer_storage_mgr'] },
  signSheet: { allowed: ['png', 'jpg'], maxBytes: COVER_IMAGE_MAX_BYTES, isPublic: false, anyOf: ['dealer_upgrade_mgr'] },
  messageImage: { allowed: ['png', 'jpg', 'gif'], maxBytes: COVER_IMAGE_MAX_BYTES, isPublic: false, anyOf: ['dealer_message_mgr'] },
  /**
   * A feedback chat attachment: any signed-in user ('session'); images and documents up to 10 MB
   * here, the send checks images up to 5 MB (CHAT_IMAGE_MAX_BYTES) in its transaction.
   */
  chatFile: { allowed: [...CHAT_IMAGE_EXTS, ...CHAT_DOCUMENT_EXTS], maxBytes: CHAT_FILE_MAX_BYTES, isPublic: false, anyOf: 'session' },
  import: {
    allowed: ['xlsx', 'xls'],
    maxBytes: LICENCE_FILE_MAX_BYTES,
    isPublic: false,
    anyOf: ['dealer_upgrade_mgr', 'dealer_license_mgr', 'dealer_vmslicense_mgr', 'dealer_cloudresource_mgr'],
  },
} as const satisfies Record<
  string,
  { allowed: readonly string[]; maxBytes: number; isPublic: boolean; anyOf: readonly ResourceCode[] | 'session' }
>;

/** Whether an actor holding these codes may upload for a purpose ('session': any signed-in user). */
export function mayUpload(purpose: { anyOf: readonly ResourceCode[] | 'session' }, codes: ReadonlySet<string>): boolean {
  return purpose.anyOf === 'session' || purpose.anyOf.some((c) => codes.has(c));
}

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

export const fileUploadDataSchema = z.strictObject({
  purpose: z.enum(Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]]),
  name: z.string().trim().min(1).max(255),
  size: z.number().int().nonnegative(),
  /** hex sha256 of the body */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileUploadData = z.infer<typeof fileUploadDataSchema>;

export const uploadedFileSchema = z.object({
  fileId: idSchema,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
