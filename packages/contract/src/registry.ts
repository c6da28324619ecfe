/**
 * What the modules declare, listed once: every envelope call, every raw route and every state
 * machine. The server implements and registers each one (its tests iterate over these lists), and
 * the OpenAPI document and the permission tests are generated from them. A new module adds its
 * calls, routes and machines here.
 */
import { userAccountMachine, userCalls } from './modules/account-manage';
import { appApiCalls, appKeyCalls, appKeyMachine, endUserMachine } from './modules/app-api';
import { authCalls, ssoCalls } from './modules/auth';
import { cloudContentRawRoutes, contentCalls, contentFileCalls, contentMachine } from './modules/cloud-content';
import {
  cloudStorageRawRoutes,
  goodsMachine,
  payeeSetupMachine,
  storageAppCalls,
  storageCalls,
  storageCheckoutCalls,
  storageOrderCalls,
  storageOrderMachine,
} from './modules/cloud-storage';
import { cloudUpgradeRawRoutes, deviceCalls, firmwarePackageMachine, releaseTaskMachine, upgradeCalls } from './modules/cloud-upgrade';
import { appFeedbackCalls, conversationMachine, deskCalls, feedbackCalls, liveCalls } from './modules/feedback-chat';
import { licenceOrderMachine } from './modules/license';
import { appMessageCalls, messageCalls, messageMachine, pushSettingsCalls } from './modules/message-center';
import { auditMachine, companyCalls, invitationMachine, partnerCalls } from './modules/partner';
import {
  deviceLogCalls,
  deviceLogMachine,
  endUserLogAppCalls,
  endUserLogCalls,
  insightAbilityCalls,
  insightCalls,
  insightExportCalls,
  insightExportRawRoutes,
  insightRawRoutes,
  monitoringCalls,
} from './modules/insight';
import { ipUpdateMachine, systemCalls, systemRawRoutes } from './modules/system';
import type { CallDef } from './shared/define-call';
import type { RawRouteDef } from './shared/raw-routes';

/** Every call of the API. The server must implement each one; tests iterate over this list. */
export const ALL_CALLS: readonly CallDef[] = [
  ...Object.values(authCalls),
  ...Object.values(ssoCalls),
  ...Object.values(companyCalls),
  ...Object.values(systemCalls),
  ...Object.values(userCalls),
  ...Object.values(partnerCalls),
  ...Object.values(deviceCalls),
  ...Object.values(upgradeCalls),
  ...Object.values(contentCalls),
  ...Object.values(contentFileCalls),
  ...Object.values(storageCalls),
  ...Object.values(storageOrderCalls),
  ...Object.values(storageAppCalls),
  ...Object.values(storageCheckoutCalls),
  ...Object.values(appKeyCalls),
  ...Object.values(appApiCalls),
  ...Object.values(messageCalls),
  ...Object.values(pushSettingsCalls),
  ...Object.values(appMessageCalls),
  ...Object.values(feedbackCalls),
  ...Object.values(appFeedbackCalls),
  ...Object.values(deskCalls),
  ...Object.values(liveCalls),
  ...Object.values(insightCalls),
  ...Object.values(insightAbilityCalls),
  ...Object.values(deviceLogCalls),
  ...Object.values(endUserLogCalls),
  ...Object.values(endUserLogAppCalls),
  ...Object.values(insightExportCalls),
  ...Object.values(monitoringCalls),
];

/** Every raw route by name. */
export const rawRoutes = {
  ...systemRawRoutes,
  ...cloudUpgradeRawRoutes,
  ...cloudContentRawRoutes,
  ...cloudStorageRawRoutes,
  ...insightRawRoutes,
  ...insightExportRawRoutes,
} as const;

export type RawRouteName = keyof typeof rawRoutes;

/** Every raw route; the server registers each exactly once (its test checks it). */
export const ALL_RAW_ROUTES: readonly RawRouteDef[] = Object.values(rawRoutes);

/** Every machine by entity name, e.g. for generic "operate" endpoints and the tests. */
export const STATE_MACHINES = {
  content: contentMachine,
  goods: goodsMachine,
  storageOrder: storageOrderMachine,
  firmwarePackage: firmwarePackageMachine,
  releaseTask: releaseTaskMachine,
  ipUpdate: ipUpdateMachine,
  message: messageMachine,
  feedbackConversation: conversationMachine,
  invitation: invitationMachine,
  audit: auditMachine,
  userAccount: userAccountMachine,
  licenceOrder: licenceOrderMachine,
  payeeSetup: payeeSetupMachine,
  appKey: appKeyMachine,
  endUser: endUserMachine,
  deviceLog: deviceLogMachine,
} as const;
export type MachineName = keyof typeof STATE_MACHINES;
