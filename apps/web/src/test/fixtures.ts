import { API_PREFIX, type SessionTokens, type SessionUser } from '@portal/contract';
import { vi } from 'vitest';
import { saveSession } from '../lib/session/session-store';

export const AREAS: SessionUser['areaList'] = [
  {
    id: 1,
    name: 'rdc',
    displayName: 'Global RDC',
    displayNames: { 'en-US': 'Global RDC', 'zh-CN': '全球中心' },
    kind: 'RDC',
    resVals: [],
    ip: '10.0.0.1',
  },
  {
    id: 2,
    name: 'eu',
    displayName: 'Europe DC',
    displayNames: { 'en-US': 'Europe DC', 'zh-CN': '欧洲中心' },
    kind: 'DDC',
    resVals: [],
    ip: '10.0.1.1',
  },
];

export const ALL_CODES = [
  'dealer_storage_qry',
  'dealer_storage_mgr',
  'dealer_cldstorage_setting_qry',
  'dealer_cldstorage_setting_mgr',
  'dealer_upgrade_qry',
  'dealer_upgrade_mgr',
  'rmr_qry',
  'dealer_cloudresource_qry',
  'dealer_cloudresource_mgr',
  'dealer_nvrcoderate_qry',
  'dealer_nvrcoderate_mgr',
  'dealer_vmslicense_qry',
  'dealer_vmslicense_mgr',
  'dealer_receiptconfig_qry',
  'dealer_receiptconfig_mgr',
  'dealer_pionts_mall_qry',
  'dealer_pionts_mall_mgr',
  'dealer_customizetool_qry',
  'dealer_customizetool_mgr',
  'dealer_other_devicepwdreset',
  'dealer_account_qry',
  'dealer_account_mgr',
  'dealer_installerinvite_qry',
  'dealer_installerinvite_mgr',
  'dealer_subcustomerinvite_mgr',
  'dealer_license_qry',
  'dealer_license_mgr',
  'dealer_customweb_qry',
  'dealer_appid_qry',
  'dealer_appid_mgr',
] as const satisfies SessionUser['authResList'];

export function supplierUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: 1,
    nickName: 'Sam Supplier',
    email: 'sam@supplier.test',
    mobile: '',
    level: 0,
    userType: 'supplier',
    userAuthType: 1,
    authResList: [...ALL_CODES, 'supplier_system_qry', 'supplier_system_mgr'],
    areaList: AREAS,
    currentArea: 1,
    coId: 1,
    coName: 'Vision Supplier Ltd',
    remoteAccess: null,
    hiddenMenus: [],
    ...overrides,
  };
}

export function partnerOwner(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: 10,
    nickName: 'Pat Partner',
    email: 'pat@partner.test',
    mobile: '13800000000',
    level: 1,
    userType: 'partner',
    userAuthType: 1,
    authResList: [...ALL_CODES],
    areaList: AREAS,
    currentArea: 1,
    coId: 10,
    coName: 'Acme Security',
    remoteAccess: null,
    hiddenMenus: [],
    ...overrides,
  };
}

/** A distributor (level 2): no partner-only codes; the current area hides the points mall. */
export function distributorUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: 20,
    nickName: 'Dana Dealer',
    email: 'dana@dealer.test',
    mobile: '',
    level: 2,
    userType: 'distributor',
    userAuthType: 2,
    authResList: [
      'dealer_storage_qry',
      'dealer_storage_mgr',
      'dealer_vmslicense_qry',
      'dealer_account_qry',
      'dealer_account_mgr',
      'dealer_installerinvite_qry',
      'dealer_installerinvite_mgr',
      'dealer_license_qry',
      'dealer_pionts_mall_qry',
      'dealer_other_devicepwdreset',
    ],
    areaList: AREAS,
    currentArea: 2,
    coId: 20,
    coName: 'Best Dealer GmbH',
    remoteAccess: null,
    hiddenMenus: ['pointMall'],
    ...overrides,
  };
}

export function tokensFor(user: SessionUser, n = 1): SessionTokens {
  return { token: `token-${n}`, signKey: `sign-key-${n}`, renewToken: `renew-${n}`, tokenExpiresAt: Date.now() + 30 * 60_000, user };
}

export function signIn(user: SessionUser, n = 1): SessionTokens {
  const t = tokensFor(user, n);
  saveSession(t);
  return t;
}

export const BRANDING = {
  icon: null,
  bgImg: null,
  favicon: null,
  unifiedDomain: null,
  extra: { title: 'Acme Cloud', logoLcrs: null, logoTbsl: null },
  companyName: 'Acme Security',
};

export interface RecordedCall {
  path: string;
  body: { basic: Record<string, unknown>; data: unknown };
  headers: Record<string, string>;
}

type Answer = { code?: number; msg?: string; params?: Record<string, string | number>; data?: unknown } | Response | Promise<Response>;
export type Handler = (path: string, data: unknown, call: RecordedCall) => Answer | undefined;

export function envelope(
  data: unknown,
  code = 200,
  msg = code === 200 ? 'Success' : 'Error',
  params?: Record<string, string | number>,
): Response {
  return new Response(JSON.stringify({ basic: { code, msg, ...(params ? { params } : {}) }, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replace fetch: `handler` answers by call path; unknown calls answer branding or 1006. Returns the recorded calls. */
export function mockApi(handler: Handler = () => undefined) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length + 1) : url;
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    // A call's JSON envelope, or a raw upload (file/upload) whose basic block rides in X-Basic.
    const body = (
      init?.body === undefined || typeof init.body === 'string'
        ? JSON.parse(init?.body ?? '{}')
        : { basic: JSON.parse(headers['X-Basic'] ?? '{}'), data: { bytes: (init.body as Uint8Array).byteLength } }
    ) as RecordedCall['body'];
    const rec = { path, body, headers };
    calls.push(rec);
    const answer = handler(path, body.data, rec);
    if (answer instanceof Response || answer instanceof Promise) return answer;
    if (answer) return envelope(answer.data ?? {}, answer.code ?? 200, answer.msg, answer.params);
    if (path === 'auth/customer-website/get') return envelope(BRANDING);
    // The header's unread badges ask on every signed-in page.
    if (path === 'message/inbox/unread') return envelope({ total: 0, byType: { notice: 0, service: 0, promotion: 0, update: 0 } });
    if (path === 'feedback/unread') return envelope({ total: 0, mine: 0, desk: 0 });
    if (path === 'auth/image-verify-code')
      return envelope({ codeId: 'img-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>AB12</text></svg>' });
    return envelope({}, 1006, 'The requested interface does not exist.');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
