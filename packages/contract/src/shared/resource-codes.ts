/** Resource codes of SPEC §6. `_qry` codes allow reads, `_mgr` codes allow writes. */
export const RESOURCE_CODES = [
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
  'dealer_message_qry',
  'dealer_message_mgr',
  // Devices and data statistics (issue 15): SPEC §6 names the screens without codes
  'dealer_device_qry',
  'dealer_device_mgr',
  // Supplier-only codes (the platform owner's own screens)
  'supplier_system_qry',
  'supplier_system_mgr',
] as const;

export type ResourceCode = (typeof RESOURCE_CODES)[number];

/** Resource codes grouped by module, as Query and Operation, for the permission editor. */
export const RESOURCE_GROUPS: ReadonlyArray<{ module: string; query?: ResourceCode; operation?: ResourceCode }> = [
  { module: 'cloudStorage', query: 'dealer_storage_qry', operation: 'dealer_storage_mgr' },
  { module: 'cloudStorageSetting', query: 'dealer_cldstorage_setting_qry', operation: 'dealer_cldstorage_setting_mgr' },
  { module: 'cloudUpgrade', query: 'dealer_upgrade_qry', operation: 'dealer_upgrade_mgr' },
  { module: 'remoteMaintenance', query: 'rmr_qry' },
  { module: 'cloudResource', query: 'dealer_cloudresource_qry', operation: 'dealer_cloudresource_mgr' },
  { module: 'nvrCodeRate', query: 'dealer_nvrcoderate_qry', operation: 'dealer_nvrcoderate_mgr' },
  { module: 'vmsLicense', query: 'dealer_vmslicense_qry', operation: 'dealer_vmslicense_mgr' },
  { module: 'receiptConfig', query: 'dealer_receiptconfig_qry', operation: 'dealer_receiptconfig_mgr' },
  { module: 'pointsMall', query: 'dealer_pionts_mall_qry', operation: 'dealer_pionts_mall_mgr' },
  { module: 'customizeTool', query: 'dealer_customizetool_qry', operation: 'dealer_customizetool_mgr' },
  { module: 'devicePwdReset', operation: 'dealer_other_devicepwdreset' },
  { module: 'account', query: 'dealer_account_qry', operation: 'dealer_account_mgr' },
  { module: 'installerInvite', query: 'dealer_installerinvite_qry', operation: 'dealer_installerinvite_mgr' },
  { module: 'subCustomerInvite', operation: 'dealer_subcustomerinvite_mgr' },
  { module: 'license', query: 'dealer_license_qry', operation: 'dealer_license_mgr' },
  { module: 'customWeb', query: 'dealer_customweb_qry' },
  { module: 'appId', query: 'dealer_appid_qry', operation: 'dealer_appid_mgr' },
  { module: 'messaging', query: 'dealer_message_qry', operation: 'dealer_message_mgr' },
  { module: 'device', query: 'dealer_device_qry', operation: 'dealer_device_mgr' },
  { module: 'system', query: 'supplier_system_qry', operation: 'supplier_system_mgr' },
];

/** Codes a distributor (level 2) may never hold: their modules are partner-only. */
export const PARTNER_ONLY_CODES: readonly ResourceCode[] = [
  'dealer_upgrade_qry',
  'dealer_upgrade_mgr',
  'dealer_cloudresource_qry',
  'dealer_cloudresource_mgr',
  'dealer_customizetool_qry',
  'dealer_customizetool_mgr',
  'dealer_appid_qry',
  'dealer_appid_mgr',
];
