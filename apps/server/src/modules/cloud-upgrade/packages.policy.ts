/**
 * What an actor may do with a firmware package now, and in the module beside its listed entities. The same rules
 * the package calls check (packages.service.ts, and the release's package check in
 * targets.service.ts), answered with every package so the web offers exactly these:
 * - everything needs dealer_upgrade_mgr (1005); the package must be in the caller's subtree (1004,
 *   before the policy is asked);
 * - edit: any package not deleted; continue an upload: upload_incomplete; release: synced and
 *   within its validity (24004, 24018);
 * - the owner's moves of firmwarePackageMachine (1017 from a state that does not allow them);
 *   abandon and delete wait until no running task uses the package (24002).
 */
import {
  CLOUD_UPGRADE_ACTIONS,
  ErrorCodes,
  firmwarePackageMachine,
  PACKAGE_ABILITIES,
  type CloudUpgradeAction,
  type FirmwarePackageState,
  type PackageAbility,
} from '@portal/contract';
import { definePolicy, needsCode, refuse } from '../../lib/policy';

/** Task states in which a release task still uses its package (abandon and delete wait for them). */
export const TASK_STATES_USING_PACKAGE = [
  'unreleased',
  'in_release',
  'paused',
  'gray_complete',
  'external_paused',
  'supplier_suspended',
] as const;

export interface PackageSubject {
  status: string;
  /** End of validity (epoch ms), null before the package was synced. */
  validUntil: number | null;
  /** A task in TASK_STATES_USING_PACKAGE uses it. */
  inUse: boolean;
  /** The time the question is asked (validity). */
  now: number;
}

const MACHINE_ACTIONS = ['retrySync', 'restartUpload', 'abandon', 'restore', 'delete'] as const;
type MachineAction = (typeof MACHINE_ACTIONS)[number];
const isMachineAction = (a: PackageAbility): a is MachineAction => (MACHINE_ACTIONS as readonly string[]).includes(a);

export const packagePolicy = definePolicy<PackageAbility, PackageSubject>({
  name: 'firmware package',
  actions: PACKAGE_ABILITIES,
  refusal(actor, p, action) {
    const noCode = needsCode(actor, 'dealer_upgrade_mgr');
    if (noCode) return noCode;
    const state = p.status as FirmwarePackageState;
    if (action === 'edit') return state === 'deleted' ? refuse(ErrorCodes.illegalTransition, 'deleted package') : null;
    if (action === 'continueUpload')
      return state === 'upload_incomplete' ? null : refuse(ErrorCodes.illegalTransition, `upload of a ${state} package`);
    if (action === 'release') {
      if (state !== 'synced' || p.validUntil === null) return refuse(ErrorCodes.packageNotReleasable);
      return p.validUntil <= p.now ? refuse(ErrorCodes.packageExpired) : null;
    }
    if (!isMachineAction(action) || !firmwarePackageMachine.can(state, action))
      return refuse(ErrorCodes.illegalTransition, `${action} from ${state}`);
    if ((action === 'abandon' || action === 'delete') && p.inUse) return refuse(ErrorCodes.packageInUse);
    return null;
  },
});

/**
 * The module's own actions (upgrade/abilities), not tied to a listed package or task: upload a
 * package, start a release (preview and submit), import devices, see or reset the brand's
 * provisioning key: dealer_upgrade_mgr (1005); the package create, task preview and submit,
 * device import and provisioning-key calls refuse with this decision. Attributing devices to a
 * customer (device/customer/assign): dealer_device_mgr.
 */
export const cloudUpgradePolicy = definePolicy<CloudUpgradeAction, null>({
  name: 'cloud upgrade',
  actions: CLOUD_UPGRADE_ACTIONS,
  refusal: (actor, _none, action) =>
    action === 'assignCustomer' ? needsCode(actor, 'dealer_device_mgr') : needsCode(actor, 'dealer_upgrade_mgr'),
});
