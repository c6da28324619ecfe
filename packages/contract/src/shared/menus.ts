/**
 * Menu keys of the web's route table. The supplier's hidden-menu lists (per area kind, applied to
 * distributors) name these keys; the server refuses any other, and a web test keeps the route
 * table and this list in step.
 */
export const MENU_KEYS = [
  'home',
  'cloudUpgrade',
  'cloudUpgradeIndex',
  'cloudUpgradeDetail',
  'grayDetail',
  'canaryRelease',
  'upgradeDevices',
  'cloudStorageServiceManage',
  'cloudStorageIndex',
  'cloudVMS',
  'cloudVMSIndex',
  'license',
  'licenseList',
  'licenseSubscribe',
  'accountManage',
  'usersManage',
  'downstreamCompany',
  'appManage',
  'allApp',
  'manageTool',
  'manageToolIndex',
  'customizeTool',
  'passwordReset',
  'cloud',
  'cloudIndex',
  'productCenter',
  'solution',
  'news',
  'videos',
  'document',
  'productSet',
  'messageCenter',
  'pointMall',
  'externalCollection',
  'setting',
  'corpInfo',
  'personalization',
  'logs',
  'mailOutbox',
] as const;

export type MenuKey = (typeof MENU_KEYS)[number];
