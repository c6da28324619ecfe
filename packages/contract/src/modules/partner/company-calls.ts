import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { companyTypeSchema, pageOf, pageQuerySchema } from '../../shared/entities';
import { idSchema } from '../../shared/validators';
import { companySchema, companyStatusSchema } from './calls';

export const companyListQuerySchema = pageQuerySchema.extend({
  searchText: z.string().trim().max(100).optional(),
  type: companyTypeSchema.optional(),
  status: companyStatusSchema.optional(),
  areaId: idSchema.optional(),
  /** Only the direct children of this company (must be in the caller's subtree); default: the whole subtree. */
  parentId: idSchema.optional(),
});

export const companyCalls = {
  list: defineCall({
    path: 'customer/company/list',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr'] },
    write: false,
    summary: "Companies in the caller's subtree (not the caller's own company), filtered and paged.",
    data: companyListQuerySchema.strict(),
    result: pageOf(companySchema),
  }),
  relationPage: defineCall({
    path: 'customerRelation/page',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr'] },
    write: false,
    summary: 'Direct customers of the caller (or of a company in its subtree), with customerName.',
    data: pageQuerySchema.extend({ companyId: idSchema.optional(), searchText: z.string().trim().max(100).optional() }).strict(),
    result: pageOf(
      z.object({
        companyId: idSchema,
        customerName: z.string(),
        type: companyTypeSchema,
        parentName: z.string(),
        status: companyStatusSchema,
        createdAt: z.string(),
      }),
    ),
  }),
  get: defineCall({
    path: 'customer/company/get',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr'] },
    write: false,
    summary: "One company of the caller's subtree (or the caller's own).",
    data: z.strictObject({ companyId: idSchema }),
    result: companySchema,
  }),
  ownCompany: defineCall({
    path: 'customer/company/own',
    auth: 'session',
    write: false,
    summary: "The signed-in user's company (id, coName) and its branding.",
    data: z.strictObject({}),
    result: z.object({ id: z.number().int(), coName: z.string(), type: companyTypeSchema }),
  }),
};
