import type { CallDef } from '@portal/contract';
import type { z } from 'zod';
import type { CallContext } from './context';

/**
 * How the generated permission tests reach another tenant's object through this call:
 * `otherTenant` builds data naming an object the caller may not see (the call must answer 1004 or 1005);
 * `none` says why the call names no tenant object (its scoping is proven by its own tests).
 */
export type TenantProbe =
  | {
      otherTenant: (fx: TenantFixtures) => z.input<CallDef['data']> | Promise<unknown>;
      /**
       * The codes the call refuses another tenant's ids with, when not 1004/1005: an app-facing call
       * answers another brand's device as it answers an unknown one (e.g. 25002, 23008).
       */
      refusedWith?: readonly number[];
    }
  | { none: string };

/** Ids the permission tests create: the caller's tenant and a sibling tenant. */
export interface TenantFixtures {
  ownCompanyId: number;
  otherCompanyId: number;
  otherUserId: number;
  otherFileId: number;
  /** Partner B's device, synced package and unreleased release task (cloud upgrade). */
  otherDeviceId: number;
  otherPackageId: number;
  otherTaskId: number;
  /** Partner B's content site, a product with a revision, a pending schedule and a parameter. */
  otherContentSiteId: number;
  otherContentItemId: number;
  otherContentRevisionId: number;
  otherContentScheduleId: number;
  otherContentParamId: number;
  /** Partner B's file manual: a folder and a public document in it. */
  otherContentFolderId: number;
  otherContentDocumentId: number;
  /** Partner B's resumable content upload. */
  otherContentUploadSessionId: number;
  /** Partner B's listed cloud storage goods. */
  otherGoodsId: number;
  /** Partner B's device's SN and its right verification code (app-api binding). */
  otherDeviceSn: string;
  otherDeviceVerifyCode: string;
  /** Partner B's application key and end user (app-api). */
  otherAppKeyId: number;
  otherEndUserId: number;
  /** Partner B's message (message centre), released to its own users. */
  otherMessageId: number;
  /** A conversation addressed to partner B's desk (feedback chat), and partner B's canned reply. */
  otherConversationId: number;
  otherCannedReplyId: number;
  /** Partner B's device's uploaded log (insight). */
  otherDeviceLogId: number;
}

export interface ImplOptions {
  /**
   * Write calls run in one transaction by default. `false` lets the handler commit on its own, for
   * calls that check a password or an e-mailed code: the attempt is counted and committed before
   * (or with) the check, so that parallel guesses get no more than the limit (a count through
   * `ctx.persist` comes after the call, too late); and for calls that hash a password before their
   * short transaction. Such a call makes its own writes in one `ctx.db.transaction`.
   */
  transaction?: boolean;
}

export interface CallImpl<C extends CallDef = CallDef> {
  call: C;
  tenant: TenantProbe;
  options: ImplOptions;
  handler: (ctx: CallContext, data: z.output<C['data']>) => Promise<z.input<C['result']>>;
}

export function implement<C extends CallDef>(
  call: C,
  tenant: TenantProbe,
  handler: (ctx: CallContext, data: z.output<C['data']>) => Promise<z.input<C['result']>>,
  options: ImplOptions = {},
): CallImpl {
  return { call, tenant, handler, options } as unknown as CallImpl;
}
