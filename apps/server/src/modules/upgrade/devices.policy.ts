/**
 * The device page's own actions (devices have no row actions on the portal): import devices from
 * an xlsx, and see or reset the brand's provisioning key. Both need dealer_upgrade_mgr (1005); the
 * import and key calls refuse with this decision (devices.import.ts, devices.service.ts), and the
 * device list answers it.
 */
import { DEVICE_LIST_ACTIONS, type DeviceListAction } from '@portal/contract';
import { definePolicy, needsCode } from '../../lib/policy';

export const deviceListPolicy = definePolicy<DeviceListAction, null>({
  name: 'device list',
  actions: DEVICE_LIST_ACTIONS,
  refusal: (actor) => needsCode(actor, 'dealer_upgrade_mgr'),
});
