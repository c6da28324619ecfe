import { z } from 'zod';
import { QUERY_RANGE_MAX_DAYS } from '../../shared/constants';
import { defineCall } from '../../shared/define-call';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import { MENU_KEYS } from '../../shared/menus';
import { dateRangeError, epochMsSchema, idSchema } from '../../shared/validators';

export const operationLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string(),
  onBehalfOfUserId: z.number().int().nullable(),
  /** The account's user a superior acted for under remote access. */
  onBehalfOfName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

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
  operationLogs: defineCall({
    path: 'system/operation-log/page',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr', 'supplier_system_qry'] },
    write: false,
    summary:
      "Operation log of the caller's company subtree: who, on whose behalf, what, when, before and after. A time range (from and to, both or neither) spans at most 31 days.",
    data: pageQuerySchema
      .extend({ action: z.string().max(100).optional(), from: epochMsSchema.optional(), to: epochMsSchema.optional() })
      .strict()
      // The screen's 31-day query rule (SPEC §5) holds for every caller, not only the date picker.
      .superRefine((d, ctx) => {
        if (d.from === undefined && d.to === undefined) return;
        const key = dateRangeError(d.from, d.to, QUERY_RANGE_MAX_DAYS);
        if (key) ctx.addIssue({ code: 'custom', message: key, path: [d.from === undefined ? 'from' : 'to'] });
      }),
    result: pageOf(operationLogSchema),
  }),
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
