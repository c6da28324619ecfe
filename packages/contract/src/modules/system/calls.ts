import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import { MENU_KEYS } from '../../shared/menus';
import { idSchema } from '../../shared/validators';

export const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(['queued', 'sent', 'failed', 'outbox']),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;

export const systemCalls = {
  mailOutbox: defineCall({
    path: 'system/mail-outbox/page',
    auth: { anyOf: ['supplier_system_qry'], supplierOnly: true },
    write: false,
    summary: 'Mail kept in the development outbox (supplier only).',
    data: pageQuerySchema.extend({ to: z.string().max(254).optional() }).strict(),
    result: pageOf(mailSchema),
  }),
  fileLink: defineCall({
    path: 'file/link',
    auth: 'session',
    write: false,
    summary: 'A signed file/get link (valid 300 s) for a stored file the caller may read.',
    data: z.strictObject({ fileId: idSchema, isDownload: z.boolean().default(false) }),
    result: z.object({ url: z.string(), expiresAt: z.number() }),
  }),
  hiddenMenus: defineCall({
    path: 'system/hidden-menus/get',
    auth: { anyOf: ['supplier_system_qry', 'supplier_system_mgr'], supplierOnly: true },
    write: false,
    summary: 'Hidden-menu lists of RDC and DDC areas.',
    data: z.strictObject({}),
    result: z.object({ RDC: z.array(z.string()), DDC: z.array(z.string()) }),
  }),
  setHiddenMenus: defineCall({
    path: 'system/hidden-menus/set',
    auth: { anyOf: ['supplier_system_mgr'], supplierOnly: true },
    write: true,
    summary: 'Set the hidden-menu list of one area kind (applies to distributors).',
    data: z.strictObject({ kind: z.enum(['RDC', 'DDC']), menus: z.array(z.enum(MENU_KEYS)).max(MENU_KEYS.length) }),
    result: z.object({ RDC: z.array(z.string()), DDC: z.array(z.string()) }),
  }),
};
