import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { RESOURCE_CODES } from './resource-codes';

/*
 * Shapes more than one module uses: resource codes, locales, company and user kinds, areas, the
 * session user and branding, and the one paged-list shape. A module's own entities are in its
 * calls.ts (a company in modules/partner, a user in modules/account-manage).
 */

export const resourceCodeSchema = z.enum(RESOURCE_CODES);
export const localeSchema = z.enum(['en-US', 'zh-CN']);

export const COMPANY_TYPES = ['supplier', 'partner', 'distributor', 'installer', 'customer'] as const;
export const companyTypeSchema = z.enum(COMPANY_TYPES);
export type CompanyType = z.infer<typeof companyTypeSchema>;

/** userType of SPEC §3: the kind of company the user belongs to. */
export const USER_TYPES = COMPANY_TYPES;
export const userTypeSchema = companyTypeSchema;
export type UserType = CompanyType;

/** userAuthType: 1 owner, 2 administrator (partner administrators of SPEC §6), 3 staff. */
export const userAuthTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const AREA_KINDS = ['RDC', 'DDC'] as const;
export const areaKindSchema = z.enum(AREA_KINDS);
export type AreaKind = z.infer<typeof areaKindSchema>;

/**
 * An area's (data centre's) name in every language of the portal: the supplier keeps one per
 * language, and a screen shows the one of its language, also after a language switch.
 */
export const areaNamesSchema = z.record(localeSchema, z.string());
export type AreaNames = z.infer<typeof areaNamesSchema>;

export const areaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name in the caller's language (SPEC §3). */
  displayName: z.string(),
  displayNames: areaNamesSchema,
  kind: areaKindSchema,
  resVals: z.array(z.string()),
  ip: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

/** The signed-in user as the browser keeps it (SPEC §3 session/user). */
export const sessionUserSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  email: z.string(),
  mobile: z.string(),
  level: z.number().int(),
  userType: userTypeSchema,
  userAuthType: userAuthTypeSchema,
  authResList: z.array(resourceCodeSchema),
  areaList: z.array(areaSchema),
  currentArea: z.number().int(),
  coId: z.number().int(),
  coName: z.string(),
  /** Set when a superior works in this account through remote access. */
  remoteAccess: z.object({ byUserId: z.number().int(), byNickName: z.string(), byCoName: z.string(), expiresAt: z.number() }).nullable(),
  hiddenMenus: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const brandingSchema = z.object({
  icon: z.string().nullable(),
  bgImg: z.string().nullable(),
  favicon: z.string().nullable(),
  unifiedDomain: z.string().nullable(),
  extra: z.object({ title: z.string(), logoLcrs: z.string().nullable(), logoTbsl: z.string().nullable() }),
});
export type Branding = z.infer<typeof brandingSchema>;

export const pageQuerySchema = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ records: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
}

/**
 * A page of a list whose matches may run to tens of thousands: `total` is exact up to the list's
 * cap, and `totalCapped` says there are more (counting every match would cost more than the page).
 */
export function cappedPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({ totalCapped: z.boolean() });
}
