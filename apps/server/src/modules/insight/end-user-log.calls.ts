/**
 * The end-user log's calls (issue 15 §5): the portal's search (rmr_qry), and the app's report of a
 * failed playback. The report's row is written by the call router's recorder like every app call
 * (its SN, error code, platform and version are among the fields it keeps); the handler only checks
 * that the device is the caller's.
 */
import { AppError } from '../../lib/app-error';
import { ErrorCodes, endUserLogAppCalls, endUserLogCalls, maskEmail } from '@portal/contract';
import { requireActor, requireEndUser } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import { findOwnBoundDevice, searchEndUserLogs } from './end-user-log.repository';

export const endUserLogImpls: CallImpl[] = [
  implement(
    endUserLogCalls.search,
    { none: "lists only rows of end users of the brands in the caller's subtree, or bound to devices it sold, in its area (tested)" },
    async (ctx, d) => {
      const page = await searchEndUserLogs(ctx.db, requireActor(ctx), d);
      return {
        nextCursor: page.nextCursor,
        records: page.records.map((r) => ({
          id: Number(r.id),
          at: r.at_iso,
          endUserId: r.end_user_id === null ? null : Number(r.end_user_id),
          account: r.email ? maskEmail(r.email) : '',
          companyId: Number(r.company_id),
          companyName: r.company_name ?? '',
          action: r.action,
          code: Number(r.code),
          platform: r.platform,
          appVersion: r.app_version,
          ip: r.ip,
          sn: r.sn,
          detail: r.detail,
          durationMs: Number(r.duration_ms),
        })),
      };
    },
  ),
  implement(
    endUserLogAppCalls.playbackFailure,
    // Another brand's device: answered like a device that is not the caller's.
    {
      otherTenant: (fx) => ({ sn: fx.otherDeviceSn, errorCode: 'P2P_TIMEOUT', platform: 'ios', appVersion: '1.0.0' }),
      refusedWith: [ErrorCodes.playbackDeviceUnknown],
    },
    async (ctx, d) => {
      const app = requireEndUser(ctx);
      if (!(await findOwnBoundDevice(ctx.db, app.companyPath, app.endUser.id, d.sn))) throw new AppError(ErrorCodes.playbackDeviceUnknown);
      return {};
    },
  ),
];
