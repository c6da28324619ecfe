/**
 * The route table (SPEC §2): one place for paths, titles, icons, required resource codes (any-of),
 * allowed user types and the distributor rules. It drives the side menu, the guards and the
 * redirects; every page is its own lazily loaded chunk.
 */
import type { ResourceCode } from '@portal/contract';
import type { AppRoute, PublicRoute } from './route-types';

const codes = {
  upgrade: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'],
  storage: ['dealer_storage_qry', 'dealer_storage_mgr', 'dealer_cldstorage_setting_qry', 'dealer_cldstorage_setting_mgr'],
  storageSetting: ['dealer_cldstorage_setting_qry', 'dealer_cldstorage_setting_mgr'],
  vms: ['dealer_vmslicense_qry', 'dealer_vmslicense_mgr'],
  license: ['dealer_license_qry', 'dealer_license_mgr'],
  account: ['dealer_account_qry', 'dealer_account_mgr'],
  downstream: ['dealer_account_qry', 'dealer_account_mgr', 'dealer_installerinvite_qry', 'dealer_installerinvite_mgr', 'dealer_subcustomerinvite_mgr'],
  manageTool: ['dealer_nvrcoderate_qry', 'dealer_nvrcoderate_mgr', 'dealer_receiptconfig_qry', 'dealer_receiptconfig_mgr'],
  customize: ['dealer_customizetool_qry', 'dealer_customizetool_mgr'],
  pwdReset: ['dealer_other_devicepwdreset'],
  cloudResource: ['dealer_cloudresource_qry', 'dealer_cloudresource_mgr'],
  points: ['dealer_pionts_mall_qry', 'dealer_pionts_mall_mgr'],
  customWeb: ['dealer_customweb_qry'],
  logs: ['dealer_account_qry', 'dealer_account_mgr', 'supplier_system_qry'],
  supplierSystem: ['supplier_system_qry'],
} satisfies Record<string, ResourceCode[]>;

const t = (key: string) => `menu.${key}`;
const d = (key: string) => `menuDesc.${key}`;

export const LAYOUT_ROUTES: AppRoute[] = [
  { key: 'home', path: 'home', titleKey: t('home'), icon: 'home', page: () => import('../features/home/pages/HomePage') },
  {
    key: 'cloudUpgrade', path: 'cloudUpgrade', titleKey: t('cloudUpgrade'), descKey: d('cloudUpgrade'), icon: 'cloudUpload',
    resources: codes.upgrade, hiddenForDistributor: true, menuLeaf: true, indexTo: 'cloudUpgradeIndex',
    children: [
      { key: 'cloudUpgradeIndex', path: 'cloudUpgradeIndex', titleKey: t('cloudUpgradeIndex'), distributorToLogin: true, page: () => import('../features/cloud-upgrade/pages/CloudUpgradeIndexPage') },
      { key: 'cloudUpgradeDetail', path: 'cloudUpgradeDetail', titleKey: t('cloudUpgradeDetail'), hideInMenu: true, page: () => import('../features/cloud-upgrade/pages/CloudUpgradeDetailPage') },
      { key: 'grayDetail', path: 'grayDetail', titleKey: t('grayDetail'), hideInMenu: true, page: () => import('../features/cloud-upgrade/pages/GrayDetailPage') },
      { key: 'canaryRelease', path: 'canaryRelease', titleKey: t('canaryRelease'), hideInMenu: true, page: () => import('../features/cloud-upgrade/pages/CanaryReleasePage') },
      // The group stays one menu entry (menuLeaf); the index page links here.
      { key: 'upgradeDevices', path: 'upgradeDevices', titleKey: t('upgradeDevices'), distributorToLogin: true, page: () => import('../features/cloud-upgrade/pages/UpgradeDevicesPage') },
    ],
  },
  {
    key: 'cloudStorageServiceManage', path: 'cloudStorageServiceManage', titleKey: t('cloudStorageServiceManage'), descKey: d('cloudStorageServiceManage'),
    icon: 'cloudServer', resources: codes.storage, menuLeaf: true, indexTo: 'cloudStorageIndex',
    children: [{ key: 'cloudStorageIndex', path: 'cloudStorageIndex', titleKey: t('cloudStorageIndex'), page: () => import('../features/cloud-storage/pages/CloudStorageIndexPage') }],
  },
  {
    key: 'cloudVMS', path: 'cloudVMS', titleKey: t('cloudVMS'), descKey: d('cloudVMS'), icon: 'videoCamera', resources: codes.vms, menuLeaf: true, indexTo: 'cloudVMSIndex',
    children: [{ key: 'cloudVMSIndex', path: 'cloudVMSIndex', titleKey: t('cloudVMSIndex'), page: () => import('../features/cloud-vms/pages/CloudVmsIndexPage') }],
  },
  {
    key: 'license', path: 'license', titleKey: t('license'), icon: 'safetyCertificate', resources: codes.license, indexTo: 'licenseList',
    children: [
      { key: 'licenseList', path: 'licenseList', titleKey: t('licenseList'), descKey: d('licenseList'), page: () => import('../features/license/pages/LicenseListPage') },
      { key: 'licenseSubscribe', path: 'licenseSubscribe', titleKey: t('licenseSubscribe'), descKey: d('licenseSubscribe'), page: () => import('../features/license/pages/LicenseSubscribePage') },
    ],
  },
  {
    key: 'accountManage', path: 'accountManage', titleKey: t('accountManage'), icon: 'team', resources: codes.downstream, indexTo: 'usersManage',
    children: [
      { key: 'usersManage', path: 'usersManage', titleKey: t('usersManage'), descKey: d('usersManage'), resources: codes.account, page: () => import('../features/account-manage/pages/UsersManagePage') },
      { key: 'downstreamCompany', path: 'downstreamCompany', titleKey: t('downstreamCompany'), descKey: d('downstreamCompany'), resources: codes.downstream, page: () => import('../features/partner/pages/DownstreamCompanyPage') },
    ],
  },
  {
    key: 'appManage', path: 'appManage', titleKey: t('appManage'), descKey: d('appManage'), icon: 'appstore', userTypes: ['supplier', 'partner'],
    hiddenForDistributor: true, menuLeaf: true, indexTo: 'allApp',
    children: [{ key: 'allApp', path: 'allApp', titleKey: t('allApp'), page: () => import('../features/app-manage/pages/AllAppPage') }],
  },
  {
    key: 'manageTool', path: 'manageTool', titleKey: t('manageTool'), descKey: d('manageTool'), icon: 'tool', resources: codes.manageTool, menuLeaf: true, indexTo: 'manageToolIndex',
    children: [{ key: 'manageToolIndex', path: 'manageToolIndex', titleKey: t('manageToolIndex'), page: () => import('../features/manage-tool/pages/ManageToolIndexPage') }],
  },
  {
    key: 'customizeTool', path: 'customizeTool', titleKey: t('customizeTool'), descKey: d('customizeTool'), icon: 'control', resources: codes.customize,
    hiddenForDistributor: true, distributorToLogin: true, page: () => import('../features/customize-tool/pages/CustomizeToolPage'),
  },
  {
    key: 'passwordReset', path: 'passwordReset', titleKey: t('passwordReset'), descKey: d('passwordReset'), icon: 'key', resources: codes.pwdReset,
    hiddenForDistributor: true, distributorToLogin: true, page: () => import('../features/password-reset/pages/PasswordResetPage'),
  },
  {
    key: 'cloud', path: 'cloud', titleKey: t('cloud'), icon: 'global', indexTo: 'cloudIndex', userTypes: ['supplier', 'partner', 'distributor', 'installer'],
    children: [
      { key: 'cloudIndex', path: 'cloudIndex', titleKey: t('cloudIndex'), descKey: d('cloudIndex'), resources: codes.cloudResource, distributorToLogin: true, fallbackTo: 'productSet', page: () => import('../features/cloud-content/pages/CloudIndexPage') },
      { key: 'productCenter', path: 'productCenter', titleKey: t('productCenter'), descKey: d('productCenter'), resources: codes.cloudResource, page: () => import('../features/cloud-content/pages/ProductCenterPage') },
      { key: 'solution', path: 'solution', titleKey: t('solution'), descKey: d('solution'), resources: codes.cloudResource, page: () => import('../features/cloud-content/pages/SolutionPage') },
      { key: 'news', path: 'news', titleKey: t('news'), descKey: d('news'), resources: codes.cloudResource, page: () => import('../features/cloud-content/pages/NewsPage') },
      { key: 'videos', path: 'videos', titleKey: t('videos'), descKey: d('videos'), resources: codes.cloudResource, page: () => import('../features/cloud-content/pages/VideosPage') },
      { key: 'document', path: 'document', titleKey: t('document'), descKey: d('document'), resources: codes.cloudResource, page: () => import('../features/cloud-content/pages/DocumentPage') },
      { key: 'productSet', path: 'productSet', titleKey: t('productSet'), descKey: d('productSet'), page: () => import('../features/cloud-content/pages/ProductSetPage') },
    ],
  },
  { key: 'messageCenter', path: 'messageCenter', titleKey: t('messageCenter'), descKey: d('messageCenter'), icon: 'bell', page: () => import('../features/message-center/pages/MessageCenterPage') },
  { key: 'pointMall', path: 'pointMall', titleKey: t('pointMall'), descKey: d('pointMall'), icon: 'gift', resources: codes.points, page: () => import('../features/point-mall/pages/PointMallPage') },
  {
    key: 'externalCollection', path: 'externalCollection', titleKey: t('externalCollection'), descKey: d('externalCollection'), icon: 'wallet',
    resources: codes.storageSetting, userTypes: ['partner', 'distributor'], page: () => import('../features/external-collection/pages/ExternalCollectionPage'),
  },
  {
    key: 'setting', path: 'setting', titleKey: t('setting'), icon: 'setting', indexTo: 'corpInfo',
    children: [
      { key: 'corpInfo', path: 'corpInfo', titleKey: t('corpInfo'), descKey: d('corpInfo'), page: () => import('../features/partner/pages/CorpInfoPage') },
      { key: 'personalization', path: 'personalization', titleKey: t('personalization'), descKey: d('personalization'), resources: codes.customWeb, userTypes: ['supplier', 'partner'], page: () => import('../features/setting/pages/PersonalizationPage') },
    ],
  },
  { key: 'logs', path: 'logs', titleKey: t('logs'), descKey: d('logs'), icon: 'fileSearch', resources: codes.logs, page: () => import('../features/system/pages/OperationLogPage') },
  {
    key: 'mailOutbox', path: 'mailOutbox', titleKey: t('mailOutbox'), descKey: d('mailOutbox'), icon: 'mail', resources: codes.supplierSystem, userTypes: ['supplier'],
    page: () => import('../features/system/pages/MailOutboxPage'),
  },
];

/** Pages outside the layout. All but /login and /forgot-password are reachable from links in e-mails. */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { key: 'login', path: '/login', titleKey: 'auth.login.title', page: () => import('../features/auth/pages/LoginPage'), plain: true },
  { key: 'register', path: '/register', titleKey: 'auth.register.title', page: () => import('../features/auth/pages/RegisterPage') },
  { key: 'forgotPassword', path: '/forgot-password', titleKey: 'auth.forgot.title', page: () => import('../features/auth/pages/ForgotPasswordPage') },
  { key: 'term', path: '/term/:type', titleKey: 'terms.title', page: () => import('../features/auth/pages/TermPage') },
  { key: 'customerUserRegister', path: '/customer/user-register/:corpId/:userId/:emailmd5', titleKey: 'publicPages.customerUserRegister', page: () => import('../features/account-manage/pages/CustomerUserRegisterPage') },
  { key: 'companyRegister', path: '/customer/company-register/:inviteId/:sign', titleKey: 'publicPages.companyRegister', page: () => import('../features/partner/pages/CompanyRegisterPage') },
  { key: 'subCompanyRegister', path: '/customer/sub-company-register/:inviteId/:sign', titleKey: 'publicPages.subCompanyRegister', page: () => import('../features/partner/pages/SubCompanyRegisterPage') },
  { key: 'remoteLogin', path: '/remote-access-login/:grantId/:token/:coId', titleKey: 'publicPages.remoteLogin', page: () => import('../features/partner/pages/RemoteAccessLoginPage') },
  { key: 'documentFiles', path: '/document/files', titleKey: 'publicPages.documentFiles', page: () => import('../features/document-files/pages/DocumentFilesPage') },
  { key: 'claimLicense', path: '/claimLicense', titleKey: 'publicPages.claimLicense', page: () => import('../features/claim-license/pages/ClaimLicensePage') },
];
