/**
 * Who may do what in insight (issue 11 §2: the web shows actions from the server's answer only).
 * - deviceLogPolicy, answered with a device's log list: ask the device for its log
 *   (dealer_device_mgr) and set the brand's retention (dealer_device_mgr, and a brand: 26008).
 *   Whether an earlier request still waits (26001) is a short-lived refusal, not an ability.
 * - insightPolicy, the screens' own actions (insight/abilities): read and export device logs
 *   (rmr_qry or dealer_device_mgr), verify the operation log's hash chain (the supplier's system codes).
 */
import { DEVICE_LOG_ABILITIES, ErrorCodes, INSIGHT_ACTIONS, type DeviceLogAbility, type InsightAction } from '@portal/contract';
import { definePolicy, needsCode, refuse } from '../../lib/policy';

export const deviceLogPolicy = definePolicy<DeviceLogAbility, null>({
  name: 'device log',
  actions: DEVICE_LOG_ABILITIES,
  refusal(actor, _s, action) {
    const noCode = needsCode(actor, 'dealer_device_mgr');
    if (noCode) return noCode;
    if (action === 'setRetention' && actor.companyType !== 'partner') return refuse(ErrorCodes.deviceLogRetentionNotBrand);
    return null;
  },
});

export const insightPolicy = definePolicy<InsightAction, null>({
  name: 'insight',
  actions: INSIGHT_ACTIONS,
  refusal(actor, _s, action) {
    switch (action) {
      case 'readDeviceLogs':
      case 'exportDeviceLogs':
        return needsCode(actor, 'rmr_qry', 'dealer_device_mgr');
      case 'verifyAuditChain':
        return actor.companyType === 'supplier'
          ? needsCode(actor, 'supplier_system_qry', 'supplier_system_mgr')
          : refuse(ErrorCodes.forbidden, "the supplier's");
    }
  },
});
