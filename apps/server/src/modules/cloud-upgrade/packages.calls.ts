/**
 * Package calls of upgradeCalls (issue 4 §2): app config, storage credentials, create, complete,
 * list, get, update, operate, and the version/country lookups over the caller's devices.
 * Background verification and sync are in packages.processing.ts.
 */
import { upgradeCalls } from '@portal/contract';
import { requireActor } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import { allowedActions } from '../../lib/policy';
import { cloudUpgradePolicy } from './packages.policy';
import { compatibleVersions, countryCodes, mainVersions } from './packages.device-versions';
import {
  appConfig,
  completePackage,
  createPackage,
  getPackage,
  listPackages,
  operatePackage,
  storageInfo,
  updatePackage,
  versionNote,
} from './packages.service';

export { processPendingPackages } from './packages.processing';

const otherPackage = { otherTenant: (fx: { otherPackageId: number }) => ({ pkgId: fx.otherPackageId }) };
const ownDevices = "aggregates the devices of the caller's own subtree and current area only";

export const packageImpls: CallImpl[] = [
  implement(upgradeCalls.abilities, { none: "answers the caller's own abilities; names no tenant object" }, async (ctx) => ({
    actions: allowedActions(cloudUpgradePolicy, requireActor(ctx), null),
  })),
  implement(upgradeCalls.appConfig, { none: 'answers constants of the upgrade screens; names no tenant object' }, async () => appConfig()),
  implement(upgradeCalls.storageInfo, { otherTenant: (fx) => ({ action: 'upload', pkgId: fx.otherPackageId }) }, (ctx, d) =>
    storageInfo(ctx, d),
  ),
  implement(upgradeCalls.packageCreate, { none: "creates a package of the caller's own company" }, (ctx, d) => createPackage(ctx, d)),
  implement(upgradeCalls.packageComplete, otherPackage, (ctx, d) => completePackage(ctx, d.pkgId)),
  implement(upgradeCalls.packageList, { none: "lists packages of the caller's subtree only" }, (ctx, d) => listPackages(ctx, d)),
  implement(upgradeCalls.packageGet, otherPackage, (ctx, d) => getPackage(ctx, d.pkgId)),
  implement(
    upgradeCalls.packageUpdate,
    {
      otherTenant: (fx) => ({
        pkgId: fx.otherPackageId,
        compatibleVersions: ['V1.0.0'],
        validityDays: 30,
        isTest: false,
        descriptions: { 'en-US': 'Taken over' },
        signSheetFileId: null,
      }),
    },
    (ctx, d) => updatePackage(ctx, d),
  ),
  implement(upgradeCalls.packageOperate, { otherTenant: (fx) => ({ pkgId: fx.otherPackageId, action: 'abandon' }) }, (ctx, d) =>
    operatePackage(ctx, d),
  ),
  implement(upgradeCalls.versionNote, otherPackage, (ctx, d) => versionNote(ctx, d.pkgId)),
  implement(upgradeCalls.compatibleVersions, { none: ownDevices }, (ctx, d) => compatibleVersions(ctx, d)),
  implement(upgradeCalls.mainVersions, { none: ownDevices }, (ctx, d) => mainVersions(ctx, d)),
  implement(upgradeCalls.countryCodes, { none: ownDevices }, (ctx, d) => countryCodes(ctx, d)),
];
