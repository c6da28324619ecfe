/**
 * Typed audit actions (issue 15 §5): every write call of the portal, by call path, and every logged
 * event that is not a call (sign-in, failed sign-in, lockout, sign-out, exports, downloads), maps to
 * an action code, a module and a sentence in en-US and zh-CN. The operation log keeps the code, the
 * sentence's parameters and the target's name at the time; the page renders the sentence.
 *
 * A new write call adds its entry here: the registry test fails for a write call without one.
 * Sentences take `{actor}`, `{target}` (the target's display name at write time) and `{op}` (the
 * localized move of an operate call, picked by a data field).
 */
import type { Locale } from '../../shared/locale';
import type { StateOf } from '../../shared/states';
import type { userAccountMachine } from '../account-manage';
import type { appKeyMachine } from '../app-api';
import type { goodsMachine } from '../cloud-storage';
import type { firmwarePackageMachine, releaseTaskMachine } from '../cloud-upgrade';
import type { conversationMachine } from '../feedback-chat';
import type { messageMachine } from '../message-center';
import { AUDIT_SECRET_CHANGED } from './constants';

export const AUDIT_MODULES = [
  'auth',
  'system',
  'account',
  'partner',
  'device',
  'upgrade',
  'content',
  'storage',
  'app',
  'message',
  'feedback',
  'insight',
  'file',
] as const;
export type AuditModule = (typeof AUDIT_MODULES)[number];

type Texts = { en: string; zh: string };

export const AUDIT_MODULE_LABELS: Record<AuditModule, Texts> = {
  auth: { en: 'Sign-in', zh: '登录' },
  system: { en: 'System', zh: '系统' },
  account: { en: 'Accounts', zh: '账号' },
  partner: { en: 'Partners', zh: '合作伙伴' },
  device: { en: 'Devices', zh: '设备' },
  upgrade: { en: 'Cloud upgrade', zh: '云升级' },
  content: { en: 'Content', zh: '内容' },
  storage: { en: 'Cloud storage', zh: '云存储' },
  app: { en: 'Applications', zh: '应用' },
  message: { en: 'Messages', zh: '消息' },
  feedback: { en: 'Feedback', zh: '反馈' },
  insight: { en: 'Insight', zh: '洞察' },
  file: { en: 'Files', zh: '文件' },
};

/** What a row is about; the audit mechanism resolves the display name and the fields of these. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'company',
  'hiddenMenus',
  'firmwarePackage',
  'releaseTask',
  'storagePlan',
  'goods',
  'payee',
  'appKey',
  'device',
  'file',
  'message',
  'contentItem',
  'conversation',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export interface AuditActionDef extends Texts {
  code: string;
  module: AuditModule;
  /**
   * The target: its type, the data field holding its id ('$company': the caller's own company,
   * '$self': the caller) and/or the data field holding its display name (a create, before it has an id).
   */
  target?: { type?: AuditTargetType; id?: string; name?: string };
  /**
   * A read call that is logged: an export or a download link it makes (with the filter used, the
   * request data), only when the data field `when` is truthy if given.
   */
  read?: { kind: 'export' | 'download'; when?: string };
  /** `{op}`: the data field naming the move, and each move's words. */
  op?: { field: string; labels: Record<string, Texts> };
}

const t = (code: string, module: AuditModule, en: string, zh: string, rest: Partial<AuditActionDef> = {}): AuditActionDef => ({
  code,
  module,
  en,
  zh,
  ...rest,
});
const user = (id = 'userId') => ({ target: { type: 'user' as const, id } });
const company = (id = 'companyId') => ({ target: { type: 'company' as const, id } });
const named = (name: string) => ({ target: { name } });
const message = () => ({ target: { type: 'message' as const, id: 'messageId' } });
const contentItem = (id = 'id') => ({ target: { type: 'contentItem' as const, id } });
const conversation = () => ({ target: { type: 'conversation' as const, id: 'conversationId' } });
const op = (labels: Record<string, Texts>, field = 'action') => ({ op: { field, labels } });

/** Write calls by path, and the events that are not calls. */
export const AUDIT_ACTIONS: Record<string, AuditActionDef> = {
  // Events (not calls).
  'auth/login': t('auth.login', 'auth', '{actor} signed in', '{actor} 登录了'),
  'auth/logout': t('auth.logout', 'auth', '{actor} signed out', '{actor} 退出了登录'),
  'auth/login-failed': t('auth.loginFailed', 'auth', 'Failed sign-in as {actor}', '以 {actor} 登录失败'),
  'auth/lockout': t('auth.lockout', 'auth', '{actor} was locked after failed sign-ins', '{actor} 因多次登录失败被锁定'),

  // Exports and downloads: the read calls that make a download link, logged with their filter.
  'file/link': t('file.download', 'file', '{actor} downloaded the file {target}', '{actor} 下载了文件 {target}', {
    target: { type: 'file', id: 'fileId' },
    read: { kind: 'download', when: 'isDownload' },
  }),
  'device/import/template': t('file.importTemplate', 'file', '{actor} downloaded an import template', '{actor} 下载了导入模板', {
    read: { kind: 'download' },
  }),
  'upgrade/result/export': t('file.exportUpgradeResults', 'file', '{actor} exported upgrade results', '{actor} 导出了升级结果', {
    read: { kind: 'export' },
  }),
  'content/product/export': t('file.exportProducts', 'file', '{actor} exported products', '{actor} 导出了产品', {
    read: { kind: 'export' },
  }),
  'content/item/preview-link': t(
    'file.contentPreviewLink',
    'file',
    '{actor} made a preview link of a content item',
    '{actor} 生成了内容的预览链接',
    { read: { kind: 'download' } },
  ),
  'storage/order/export': t('file.exportOrders', 'file', '{actor} exported orders', '{actor} 导出了订单', { read: { kind: 'export' } }),
  'storage/order/statement': t('file.statement', 'file', '{actor} downloaded a monthly statement', '{actor} 下载了月度对账单', {
    read: { kind: 'download' },
  }),
  'message/stats/export': t('file.exportMessageStats', 'file', '{actor} exported message statistics', '{actor} 导出了消息统计', {
    read: { kind: 'export' },
  }),
  'insight/device/log/link': t('file.deviceLogDownload', 'file', '{actor} downloaded a device log', '{actor} 下载了设备日志', {
    read: { kind: 'download' },
  }),
  'insight/operation-log/export': t('file.exportOperationLog', 'file', '{actor} exported the operation log', '{actor} 导出了运维日志', {
    read: { kind: 'export' },
  }),
  'insight/device/log/export': t('file.exportDeviceLogs', 'file', '{actor} exported the device logs', '{actor} 导出了设备日志', {
    read: { kind: 'export' },
  }),
  'insight/end-user-log/export': t('file.exportEndUserLog', 'file', '{actor} exported the end-user log', '{actor} 导出了终端用户日志', {
    read: { kind: 'export' },
  }),
  'insight/stats/export': t('file.exportStats', 'file', '{actor} exported a statistics table', '{actor} 导出了统计表', {
    read: { kind: 'export' },
  }),
  'insight/health/export': t('file.exportDeviceHealth', 'file', '{actor} exported the device-health list', '{actor} 导出了设备健康列表', {
    read: { kind: 'export' },
  }),
  'feedback/desk/export': t('file.exportFeedback', 'file', '{actor} exported feedback conversations', '{actor} 导出了反馈会话', {
    read: { kind: 'export' },
  }),

  // Sign-in and accounts.
  'auth/self-register': t(
    'auth.selfRegister',
    'auth',
    '{actor} registered the company {target}',
    '{actor} 注册了企业 {target}',
    named('companyName'),
  ),
  'auth/password-find': t(
    'auth.passwordFind',
    'auth',
    '{actor} set a new password with an e-mailed code',
    '{actor} 通过邮件验证码重设了密码',
  ),
  'auth/email-bind': t('auth.emailBind', 'auth', '{actor} bound a new e-mail address', '{actor} 绑定了新邮箱', {
    target: { type: 'user', id: '$self' },
  }),
  'system/hidden-menus/set': t(
    'system.hiddenMenus',
    'system',
    '{actor} changed the hidden menus of {target}',
    '{actor} 修改了 {target} 的隐藏菜单',
    {
      target: { type: 'hiddenMenus', id: 'kind' },
    },
  ),
  'customer/user/invite': t(
    'account.userInvite',
    'account',
    '{actor} invited the user {target}',
    '{actor} 邀请了用户 {target}',
    named('email'),
  ),
  'customer/user/reinvite': t(
    'account.userReinvite',
    'account',
    '{actor} sent {target} a new invitation',
    '{actor} 重新邀请了 {target}',
    user(),
  ),
  'customer/user/register': t(
    'account.userRegister',
    'account',
    '{actor} completed a registration or password reset',
    '{actor} 完成了注册或密码重置',
    named('nickName'),
  ),
  'customer/user/edit': t(
    'account.userEdit',
    'account',
    '{actor} changed the role and details of {target}',
    '{actor} 修改了 {target} 的角色和资料',
    user(),
  ),
  'customer/user/enable': t('account.userEnable', 'account', '{actor} {op} the user {target}', '{actor} {op}了用户 {target}', {
    ...user(),
    ...op({ true: { en: 'enabled', zh: '启用' }, false: { en: 'disabled', zh: '禁用' } }, 'enable'),
  }),
  'customer/user/unlock': t('account.userUnlock', 'account', '{actor} unlocked the user {target}', '{actor} 解锁了用户 {target}', user()),
  'customer/user/delete': t('account.userDelete', 'account', '{actor} deleted the user {target}', '{actor} 删除了用户 {target}', user()),
  'customer/user/reset-password': t(
    'account.userResetPassword',
    'account',
    '{actor} sent {target} a password reset link',
    '{actor} 向 {target} 发送了重置密码链接',
    user(),
  ),
  'customer/user/info/set': t('account.profileSet', 'account', '{actor} changed their profile', '{actor} 修改了个人资料', {
    target: { type: 'user', id: '$self' },
  }),
  'customer/user/password/change': t('account.passwordChange', 'account', '{actor} changed their password', '{actor} 修改了密码', {
    target: { type: 'user', id: '$self' },
  }),
  'customer/user/unregister': t('account.unregister', 'account', '{actor} deleted their own account', '{actor} 注销了自己的账号'),
  'customer/user-configs/put': t('account.preferenceSet', 'account', '{actor} saved a preference', '{actor} 保存了偏好设置'),
  'customer/user-configs/delete': t('account.preferenceDelete', 'account', '{actor} forgot a preference', '{actor} 清除了偏好设置'),

  // Partners.
  'customer/partner-company/update': t(
    'partner.companyUpdate',
    'partner',
    '{actor} changed the company {target}',
    '{actor} 修改了企业 {target}',
    company(),
  ),
  'customer/partner-company/freeze': t(
    'partner.companyFreeze',
    'partner',
    '{actor} froze the company {target}',
    '{actor} 冻结了企业 {target}',
    company(),
  ),
  'customer/partner-company/unfreeze': t(
    'partner.companyUnfreeze',
    'partner',
    '{actor} unfroze the company {target}',
    '{actor} 解冻了企业 {target}',
    company(),
  ),
  'customer/partner-company/undo-invite': t(
    'partner.undoInvite',
    'partner',
    '{actor} revoked the invitation of {target}',
    '{actor} 撤销了对 {target} 的邀请',
    company(),
  ),
  'customer/installer-company/invite': t(
    'partner.installerInvite',
    'partner',
    '{actor} invited the installer {target}',
    '{actor} 邀请了安装商 {target}',
    named('name'),
  ),
  'customer/installer-company/re-invite': t(
    'partner.installerReinvite',
    'partner',
    '{actor} re-invited the installer {target}',
    '{actor} 重新邀请了安装商 {target}',
    company(),
  ),
  'customer/dealer/invite': t(
    'partner.dealerInvite',
    'partner',
    '{actor} invited the dealer {target}',
    '{actor} 邀请了经销商 {target}',
    named('name'),
  ),
  'customer/dealer/re-invite': t(
    'partner.dealerReinvite',
    'partner',
    '{actor} re-invited the dealer {target}',
    '{actor} 重新邀请了经销商 {target}',
    company(),
  ),
  'customer/sub-customer-company/invite': t(
    'partner.subCustomerInvite',
    'partner',
    '{actor} invited the sub-customer {target}',
    '{actor} 邀请了子客户 {target}',
    named('name'),
  ),
  'customer/sub-customer-company/re-invite': t(
    'partner.subCustomerReinvite',
    'partner',
    '{actor} re-invited the sub-customer {target}',
    '{actor} 重新邀请了子客户 {target}',
    company(),
  ),
  'customer/company-register/register': t(
    'partner.companyRegister',
    'partner',
    '{actor} registered the invited company {target}',
    '{actor} 注册了受邀企业 {target}',
    named('companyName'),
  ),
  'customer/sub-customer-company/register': t(
    'partner.subCustomerRegister',
    'partner',
    '{actor} registered the sub-customer {target}',
    '{actor} 注册了子客户 {target}',
    named('companyName'),
  ),
  'customer/registration-audit/approve': t(
    'partner.registrationApprove',
    'partner',
    '{actor} approved the registration of {target}',
    '{actor} 通过了 {target} 的注册',
    company(),
  ),
  'customer/registration-audit/reject': t(
    'partner.registrationReject',
    'partner',
    '{actor} rejected the registration of {target}',
    '{actor} 驳回了 {target} 的注册',
    company(),
  ),
  'customer/registration-audit/resubmit': t(
    'partner.registrationResubmit',
    'partner',
    '{actor} resubmitted the registration of {target}',
    '{actor} 重新提交了 {target} 的注册',
    named('companyName'),
  ),
  'customer/company-info/set': t(
    'partner.companyInfoSet',
    'partner',
    '{actor} changed the settings of {target}',
    '{actor} 修改了 {target} 的企业设置',
    company('$company'),
  ),
  'customer/company-info/logo/set': t(
    'partner.logoSet',
    'partner',
    '{actor} changed the logo of {target}',
    '{actor} 修改了 {target} 的标志',
    company('$company'),
  ),
  'customer/remote-access/switch': t(
    'partner.remoteAccessSwitch',
    'partner',
    '{actor} changed superior access of {target}',
    '{actor} 修改了 {target} 的上级访问',
    company('$company'),
  ),
  'customer/remote-access/link': t(
    'partner.remoteAccessLink',
    'partner',
    '{actor} opened remote access into {target}',
    '{actor} 远程访问了 {target}',
    company(),
  ),
  'customer/remote-access/exchange': t(
    'partner.remoteAccessExchange',
    'partner',
    '{actor} entered a company through remote access',
    '{actor} 通过远程访问进入了企业',
  ),

  // Devices and cloud upgrade.
  'device/import': t('device.import', 'device', '{actor} imported devices', '{actor} 导入了设备'),
  'device/provisioning-key/reset': t(
    'device.provisioningKeyReset',
    'device',
    '{actor} replaced the provisioning key',
    '{actor} 更换了设备注册密钥',
  ),
  'device/customer/assign': t(
    'device.customerAssign',
    'device',
    '{actor} attributed devices to the customer {target}',
    '{actor} 将设备分配给了客户 {target}',
    company('customerId'),
  ),
  'device/key/reset': t('device.keyReset', 'device', '{actor} reset the key of device {target}', '{actor} 重置了设备 {target} 的密钥', {
    target: { type: 'device', id: 'deviceId' },
  }),
  'insight/monitoring/link/set': t(
    'system.monitoringLink',
    'system',
    '{actor} changed the external monitoring link of a data centre',
    '{actor} 修改了数据中心的外部监控链接',
  ),
  'insight/device/log/request': t(
    'device.logRequest',
    'device',
    '{actor} asked the device {target} for its log',
    '{actor} 请求了设备 {target} 的日志',
    { target: { type: 'device', id: 'deviceId' } },
  ),
  'insight/device/log/retention': t(
    'device.logRetention',
    'device',
    '{actor} set how long the device logs of {target} are kept',
    '{actor} 设置了 {target} 的设备日志保留时长',
    company('$company'),
  ),
  'upgrade/package/create': t(
    'upgrade.packageCreate',
    'upgrade',
    '{actor} created the firmware package {target}',
    '{actor} 创建了固件包 {target}',
    named('versionName'),
  ),
  'upgrade/package/complete': t(
    'upgrade.packageComplete',
    'upgrade',
    '{actor} finished uploading the firmware package {target}',
    '{actor} 完成了固件包 {target} 的上传',
    {
      target: { type: 'firmwarePackage', id: 'pkgId' },
    },
  ),
  'upgrade/package/update': t(
    'upgrade.packageUpdate',
    'upgrade',
    '{actor} changed the firmware package {target}',
    '{actor} 修改了固件包 {target}',
    {
      target: { type: 'firmwarePackage', id: 'pkgId' },
    },
  ),
  'upgrade/package/operate': t(
    'upgrade.packageOperate',
    'upgrade',
    '{actor} {op} the firmware package {target}',
    '{actor}{op}了固件包 {target}',
    {
      target: { type: 'firmwarePackage', id: 'pkgId' },
      ...op({
        abandon: { en: 'abandoned', zh: '废弃' },
        restore: { en: 'restored', zh: '恢复' },
        delete: { en: 'deleted', zh: '删除' },
        retrySync: { en: 'retried the sync of', zh: '重试同步' },
        restartUpload: { en: 'restarted the upload of', zh: '重新上传' },
      }),
    },
  ),
  'upgrade/task/batch-submit': t('upgrade.taskSubmit', 'upgrade', '{actor} submitted release tasks', '{actor} 提交了发布任务'),
  'upgrade/task/operate': t('upgrade.taskOperate', 'upgrade', '{actor} {op} the release task {target}', '{actor}{op}了发布任务 {target}', {
    target: { type: 'releaseTask', id: 'taskId' },
    ...op({
      pause: { en: 'paused', zh: '暂停' },
      continue: { en: 'continued', zh: '继续' },
      end: { en: 'ended', zh: '结束' },
      revoke: { en: 'revoked', zh: '撤销' },
      promote: { en: 'promoted', zh: '推广' },
      supplierSuspend: { en: 'suspended', zh: '挂起' },
      supplierResume: { en: 'resumed', zh: '恢复' },
      externalPause: { en: 'paused (external)', zh: '外部暂停' },
      externalResume: { en: 'resumed (external)', zh: '外部恢复' },
    }),
  }),
  'upgrade/task/update': t(
    'upgrade.taskUpdate',
    'upgrade',
    '{actor} changed the release task {target}',
    '{actor} 修改了发布任务 {target}',
    {
      target: { type: 'releaseTask', id: 'taskId' },
    },
  ),
  'upgrade/task/delete': t(
    'upgrade.taskDelete',
    'upgrade',
    '{actor} deleted the release task {target}',
    '{actor} 删除了发布任务 {target}',
    {
      target: { type: 'releaseTask', id: 'taskId' },
    },
  ),

  // Content.
  'content/site/save': t('content.siteSave', 'content', '{actor} saved the site {target}', '{actor} 保存了站点 {target}', named('name')),
  'content/item/create': t('content.itemCreate', 'content', '{actor} created a content item', '{actor} 创建了内容'),
  'content/item/save': t(
    'content.itemSave',
    'content',
    '{actor} saved the content item {target}',
    '{actor} 保存了内容 {target}',
    contentItem(),
  ),
  'content/item/operate': t('content.itemOperate', 'content', '{actor} {op} a translation of {target}', '{actor}{op}了 {target} 的译文', {
    ...contentItem(),
    ...op({
      release: { en: 'released', zh: '发布' },
      takeOffShelf: { en: 'took off the shelf', zh: '下架' },
      putOnShelf: { en: 'put back on the shelf', zh: '重新上架' },
      supplierTakeOff: { en: 'took down', zh: '强制下架' },
      supplierRestore: { en: 'restored', zh: '恢复' },
    }),
  }),
  'content/item/delete': t(
    'content.itemDelete',
    'content',
    '{actor} deleted the content item {target}',
    '{actor} 删除了内容 {target}',
    contentItem(),
  ),
  'content/item/id-get': t('content.itemIdGet', 'content', '{actor} reserved an id for a new content item', '{actor} 为新内容预留了编号'),
  'content/item/reorder': t('content.itemReorder', 'content', '{actor} changed the order of content items', '{actor} 调整了内容的排序'),
  'content/revision/restore': t('content.revisionRestore', 'content', '{actor} restored a content revision', '{actor} 恢复了内容版本'),
  'content/schedule/create': t(
    'content.scheduleCreate',
    'content',
    '{actor} scheduled a change of {target}',
    '{actor} 设置了 {target} 的定时任务',
    contentItem('itemId'),
  ),
  'content/schedule/cancel': t('content.scheduleCancel', 'content', '{actor} cancelled a content schedule', '{actor} 取消了内容定时任务'),
  'content/folder/save': t(
    'content.folderSave',
    'content',
    '{actor} saved the folder {target}',
    '{actor} 保存了文件夹 {target}',
    named('name'),
  ),
  'content/folder/delete': t('content.folderDelete', 'content', '{actor} deleted a folder', '{actor} 删除了文件夹'),
  'content/document/save': t(
    'content.documentSave',
    'content',
    '{actor} saved the document {target}',
    '{actor} 保存了文件 {target}',
    named('title'),
  ),
  'content/document/delete': t('content.documentDelete', 'content', '{actor} deleted a document', '{actor} 删除了文件'),
  'content/upload-session/create': t(
    'content.uploadSessionCreate',
    'content',
    '{actor} started the upload of {target}',
    '{actor} 开始上传 {target}',
    named('name'),
  ),
  'content/upload-session/complete': t('content.uploadSessionComplete', 'content', '{actor} finished an upload', '{actor} 完成了上传', {
    target: { type: 'file' },
  }),
  'content/document/version/add': t('content.documentVersionAdd', 'content', '{actor} added a document version', '{actor} 添加了文件版本'),
  'content/document/auto-files': t(
    'content.documentAutoFiles',
    'content',
    "{actor} filed the products' documents automatically",
    '{actor} 自动归档了产品文件',
  ),
  'content/param-group/save': t('content.paramGroupSave', 'content', '{actor} saved a parameter group', '{actor} 保存了参数分组'),
  'content/param/save': t(
    'content.paramSave',
    'content',
    '{actor} saved the parameter {target}',
    '{actor} 保存了参数 {target}',
    named('key'),
  ),
  'content/param/delete': t('content.paramDelete', 'content', '{actor} deleted a parameter', '{actor} 删除了参数'),
  'content/product/import': t('content.productImport', 'content', '{actor} imported products', '{actor} 导入了产品'),

  // Cloud storage.
  'storage/plan/create': t(
    'storage.planCreate',
    'storage',
    '{actor} created the plan {target}',
    '{actor} 创建了套餐 {target}',
    named('name'),
  ),
  'storage/plan/update': t('storage.planUpdate', 'storage', '{actor} changed the plan {target}', '{actor} 修改了套餐 {target}', {
    target: { type: 'storagePlan', id: 'planId' },
  }),
  'storage/plan/operate': t('storage.planOperate', 'storage', '{actor} {op} the plan {target}', '{actor}{op}了套餐 {target}', {
    target: { type: 'storagePlan', id: 'planId' },
    ...op({ disable: { en: 'disabled', zh: '停用' }, enable: { en: 'enabled', zh: '启用' } }),
  }),
  'storage/goods/create': t(
    'storage.goodsCreate',
    'storage',
    '{actor} created the goods {target}',
    '{actor} 创建了商品 {target}',
    named('name'),
  ),
  'storage/goods/update': t('storage.goodsUpdate', 'storage', '{actor} changed the goods {target}', '{actor} 修改了商品 {target}', {
    target: { type: 'goods', id: 'goodsId' },
  }),
  'storage/goods/price-stock': t(
    'storage.goodsPriceStock',
    'storage',
    '{actor} changed the prices and stock of {target}',
    '{actor} 修改了 {target} 的价格和库存',
    {
      target: { type: 'goods', id: 'goodsId' },
    },
  ),
  'storage/goods/operate': t('storage.goodsOperate', 'storage', '{actor} {op} the goods {target}', '{actor}{op}了商品 {target}', {
    target: { type: 'goods', id: 'goodsId' },
    ...op({
      submitReview: { en: 'submitted for review', zh: '提交审核' },
      withdrawReview: { en: 'withdrew from review', zh: '撤回审核' },
      delist: { en: 'delisted', zh: '下架' },
      list: { en: 'listed', zh: '上架' },
      revise: { en: 'revised', zh: '修订' },
    }),
  }),
  'storage/goods/review': t('storage.goodsReview', 'storage', '{actor} {op} the goods {target}', '{actor}{op}了商品 {target}', {
    target: { type: 'goods', id: 'goodsId' },
    ...op({
      approve: { en: 'approved', zh: '审核通过' },
      reject: { en: 'rejected', zh: '驳回' },
      supplierDelist: { en: 'delisted', zh: '下架' },
    }),
  }),
  'storage/payee/save': t(
    'storage.payeeSave',
    'storage',
    '{actor} configured the payment account {target}',
    '{actor} 配置了收款账户 {target}',
    {
      target: { type: 'payee', id: 'provider' },
    },
  ),
  'storage/payee/test': t(
    'storage.payeeTest',
    'storage',
    '{actor} tested the payment account {target}',
    '{actor} 测试了收款账户 {target}',
    {
      target: { type: 'payee', id: 'provider' },
    },
  ),
  'storage/payee/remove': t(
    'storage.payeeRemove',
    'storage',
    '{actor} removed the payment account {target}',
    '{actor} 移除了收款账户 {target}',
    {
      target: { type: 'payee', id: 'provider' },
    },
  ),
  'storage/payee/default': t(
    'storage.payeeDefault',
    'storage',
    '{actor} made {target} the default payment method',
    '{actor} 将 {target} 设为默认支付方式',
    {
      target: { type: 'payee', id: 'provider' },
    },
  ),
  'storage/setting/save': t(
    'storage.settingSave',
    'storage',
    '{actor} changed the order settings of {target}',
    '{actor} 修改了 {target} 的订单设置',
    company('$company'),
  ),
  'checkout/order/pay': t('storage.checkoutPay', 'storage', '{actor} paid an order on the checkout page', '{actor} 在收银台页面支付了订单'),
  'storage/order/refund': t('storage.orderRefund', 'storage', '{actor} refunded an order', '{actor} 退款了订单'),
  'storage/order/internal-purchase': t(
    'storage.internalPurchase',
    'storage',
    '{actor} bought a plan for device {target}',
    '{actor} 为设备 {target} 购买了套餐',
    named('sn'),
  ),

  // Applications.
  'app/key/create': t(
    'app.keyCreate',
    'app',
    '{actor} created the application key {target}',
    '{actor} 创建了应用密钥 {target}',
    named('name'),
  ),
  'app/key/rotate': t('app.keyRotate', 'app', '{actor} rotated the secret of {target}', '{actor} 更换了 {target} 的密钥', {
    target: { type: 'appKey', id: 'id' },
  }),
  'app/key/disable': t('app.keyDisable', 'app', '{actor} disabled the application key {target}', '{actor} 停用了应用密钥 {target}', {
    target: { type: 'appKey', id: 'id' },
  }),
  'app/key/enable': t('app.keyEnable', 'app', '{actor} enabled the application key {target}', '{actor} 启用了应用密钥 {target}', {
    target: { type: 'appKey', id: 'id' },
  }),
  'app/end-user/freeze': t('app.endUserFreeze', 'app', '{actor} froze an end user', '{actor} 冻结了终端用户'),
  'app/end-user/unfreeze': t('app.endUserUnfreeze', 'app', '{actor} unfroze an end user', '{actor} 解冻了终端用户'),

  // Messages.
  'message/push-settings/save': t('message.pushSettingsSave', 'message', '{actor} saved the push settings', '{actor} 保存了推送设置'),
  'message/push-settings/test-send': t('message.pushTestSend', 'message', '{actor} sent a test push', '{actor} 发送了测试推送'),
  'message/save': t('message.save', 'message', '{actor} saved the message {target}', '{actor} 保存了消息 {target}', message()),
  'message/delete': t('message.delete', 'message', '{actor} deleted the message {target}', '{actor} 删除了消息 {target}', message()),
  'message/schedule': t(
    'message.schedule',
    'message',
    '{actor} scheduled the message {target}',
    '{actor} 设置了消息 {target} 的定时发布',
    message(),
  ),
  'message/release': t('message.release', 'message', '{actor} released the message {target}', '{actor} 发布了消息 {target}', message()),
  'message/withdraw': t('message.withdraw', 'message', '{actor} withdrew the message {target}', '{actor} 撤回了消息 {target}', message()),
  'message/revise': t(
    'message.revise',
    'message',
    '{actor} took the message {target} back to revise',
    '{actor} 将消息 {target} 撤回修订',
    message(),
  ),
  'message/inbox/read': t('message.inboxRead', 'message', '{actor} read messages', '{actor} 阅读了消息'),
  'message/inbox/read-all': t('message.inboxReadAll', 'message', '{actor} marked every message read', '{actor} 将全部消息标为已读'),
  'message/inbox/hide': t('message.inboxHide', 'message', '{actor} hid messages', '{actor} 隐藏了消息'),

  // Feedback.
  'feedback/create': t('feedback.create', 'feedback', '{actor} opened a feedback conversation', '{actor} 发起了反馈会话'),
  'feedback/send': t('feedback.send', 'feedback', '{actor} sent a feedback message', '{actor} 发送了反馈消息'),
  'feedback/read': t('feedback.read', 'feedback', '{actor} read a feedback conversation', '{actor} 阅读了反馈会话'),
  'feedback/rate': t('feedback.rate', 'feedback', '{actor} rated a feedback conversation', '{actor} 评价了反馈会话'),
  'feedback/desk/read': t('feedback.deskRead', 'feedback', '{actor} read a conversation at the desk', '{actor} 在客服台阅读了会话'),
  'feedback/desk/reply': t(
    'feedback.deskReply',
    'feedback',
    '{actor} replied to the conversation {target}',
    '{actor} 回复了会话 {target}',
    conversation(),
  ),
  'feedback/desk/state': t('feedback.deskState', 'feedback', '{actor} {op} the conversation {target}', '{actor}{op}了会话 {target}', {
    ...conversation(),
    ...op({
      pend: { en: 'set pending', zh: '挂起' },
      resolve: { en: 'resolved', zh: '解决' },
      reopen: { en: 'reopened', zh: '重新打开' },
    }),
  }),
  'feedback/desk/assign': t(
    'feedback.deskAssign',
    'feedback',
    '{actor} assigned the conversation {target}',
    '{actor} 分配了会话 {target}',
    conversation(),
  ),
  'feedback/desk/staff/save': t(
    'feedback.staffSave',
    'feedback',
    '{actor} changed the desk settings of {target}',
    '{actor} 修改了 {target} 的客服设置',
    user(),
  ),
  'feedback/canned/save': t(
    'feedback.cannedSave',
    'feedback',
    '{actor} saved the canned reply {target}',
    '{actor} 保存了快捷回复 {target}',
    named('title'),
  ),
  'feedback/canned/delete': t('feedback.cannedDelete', 'feedback', '{actor} deleted a canned reply', '{actor} 删除了快捷回复'),
};

const BY_CODE = new Map(Object.values(AUDIT_ACTIONS).map((a) => [a.code, a]));

/** The entry of an action code. */
export function auditActionByCode(code: string): AuditActionDef | undefined {
  return BY_CODE.get(code);
}

/** Every action code, for the action filter. */
export const AUDIT_ACTION_CODES: readonly string[] = [...BY_CODE.keys()];

/** Labels of the fields a diff names (the targets' fields); an unknown field shows its name. */
export const AUDIT_FIELD_LABELS: Record<string, Texts> = {
  name: { en: 'Name', zh: '名称' },
  nickname: { en: 'Nickname', zh: '昵称' },
  email: { en: 'E-mail', zh: '邮箱' },
  phone: { en: 'Phone', zh: '电话' },
  status: { en: 'State', zh: '状态' },
  permissions: { en: 'Permissions (role)', zh: '权限（角色）' },
  areaIds: { en: 'Areas', zh: '区域' },
  companyIds: { en: 'Companies in range', zh: '企业范围' },
  appIds: { en: 'Applications', zh: '应用' },
  password: { en: 'Password', zh: '密码' },
  contact: { en: 'Contact', zh: '联系人' },
  telephone: { en: 'Telephone', zh: '电话' },
  areaId: { en: 'Area', zh: '区域' },
  userLimit: { en: 'User limit', zh: '用户上限' },
  allowSuperiorAccess: { en: 'Allow superior access', zh: '允许上级访问' },
  timeZone: { en: 'Reporting time zone', zh: '报表时区' },
  logo: { en: 'Logo', zh: '标志' },
  menus: { en: 'Hidden menus', zh: '隐藏菜单' },
  compatibleVersions: { en: 'Compatible versions', zh: '兼容版本' },
  validityDays: { en: 'Validity (days)', zh: '有效期（天）' },
  isTest: { en: 'Test package', zh: '测试包' },
  descriptions: { en: 'Descriptions', zh: '描述' },
  signSheetFileId: { en: 'Signing sheet', zh: '签名表' },
  endAt: { en: 'End time', zh: '结束时间' },
  gates: { en: 'Gates', zh: '闸门' },
  storageValue: { en: 'Storage', zh: '存储容量' },
  storageUnit: { en: 'Storage unit', zh: '存储单位' },
  serviceDays: { en: 'Service days', zh: '服务天数' },
  costPrice: { en: 'Cost price', zh: '成本价' },
  guidePrice: { en: 'Guide price', zh: '指导价' },
  enabled: { en: 'Enabled', zh: '启用' },
  goodsCode: { en: 'Goods code', zh: '商品编码' },
  planId: { en: 'Plan', zh: '套餐' },
  androidPrice: { en: 'Android price', zh: 'Android 价格' },
  iosPrice: { en: 'iOS price', zh: 'iOS 价格' },
  stock: { en: 'Stock', zh: '库存' },
  saleUntil: { en: 'On sale until', zh: '销售截止' },
  mode: { en: 'Mode', zh: '模式' },
  accountId: { en: 'Account ID', zh: '账户 ID' },
  secret: { en: 'Secret', zh: '密钥' },
  webhookSecret: { en: 'Webhook secret', zh: 'Webhook 密钥' },
  defaultFor: { en: 'Default for', zh: '默认用于' },
  key: { en: 'Key', zh: '密钥' },
  deviceLogRetentionDays: { en: 'Device log retention (days)', zh: '设备日志保留天数' },
  state: { en: 'State', zh: '状态' },
};

type StateNames<S extends string> = Record<S, Texts>;

const USER_STATES: StateNames<StateOf<typeof userAccountMachine>> = {
  normal: { en: 'Normal', zh: '正常' },
  operation_locked: { en: 'Operation locked', zh: '操作锁定' },
  auto_locked: { en: 'Auto locked', zh: '自动锁定' },
  deleted: { en: 'Deleted', zh: '已删除' },
};
/** partner's COMPANY_STATUSES (a test holds them equal). */
const COMPANY_STATES: StateNames<'inactive' | 'active' | 'frozen'> = {
  inactive: { en: 'Not activated', zh: '未激活' },
  active: { en: 'Activated', zh: '已激活' },
  frozen: { en: 'Frozen', zh: '已冻结' },
};
const PACKAGE_STATES: StateNames<StateOf<typeof firmwarePackageMachine>> = {
  upload_incomplete: { en: 'Upload incomplete', zh: '上传未完成' },
  verifying: { en: 'Verifying', zh: '校验中' },
  verification_failed: { en: 'Verification failed', zh: '校验失败' },
  syncing: { en: 'Syncing', zh: '同步中' },
  sync_failed: { en: 'Sync failed', zh: '同步失败' },
  synced: { en: 'Synced', zh: '同步完成' },
  abandoned: { en: 'Abandoned', zh: '已废弃' },
  deleted: { en: 'Deleted', zh: '已删除' },
};
const TASK_STATES: StateNames<StateOf<typeof releaseTaskMachine>> = {
  unreleased: { en: 'Unreleased', zh: '未发布' },
  in_release: { en: 'In release', zh: '发布中' },
  paused: { en: 'Paused', zh: '已暂停' },
  ended: { en: 'Ended', zh: '已结束' },
  expired: { en: 'Expired', zh: '已过期' },
  external_paused: { en: 'External pause', zh: '外部暂停' },
  revoked: { en: 'Revoked', zh: '撤销' },
  supplier_suspended: { en: 'Supplier suspension', zh: '供应商暂停' },
  gray_complete: { en: 'Gray complete', zh: '灰度完成' },
  completed: { en: 'Completed normally', zh: '正常完成' },
};
const GOODS_STATES: StateNames<StateOf<typeof goodsMachine>> = {
  pending_listing: { en: 'Pending listing', zh: '待上架' },
  pending_review: { en: 'Pending review', zh: '待审核' },
  listed: { en: 'Listed', zh: '已上架' },
  removed: { en: 'Removed', zh: '已下架' },
  review_failed: { en: 'Review failed', zh: '审核失败' },
  supplier_delisted: { en: 'Supplier delisting', zh: '供应商下架' },
  sold_out: { en: 'Sold out', zh: '已售罄' },
};
const APP_KEY_STATES: StateNames<StateOf<typeof appKeyMachine>> = {
  enabled: { en: 'Enabled', zh: '已启用' },
  disabled: { en: 'Disabled', zh: '已禁用' },
};
const MESSAGE_STATES: StateNames<StateOf<typeof messageMachine>> = {
  to_be_released: { en: 'To be released', zh: '待发布' },
  released: { en: 'Released', zh: '已发布' },
  withdrawn: { en: 'Withdrawn', zh: '已撤回' },
};
const CONVERSATION_STATES: StateNames<StateOf<typeof conversationMachine>> = {
  open: { en: 'Open', zh: '待处理' },
  pending: { en: 'Pending', zh: '挂起' },
  resolved: { en: 'Resolved', zh: '已解决' },
};

/**
 * The GLOSSARY's names of the states a target's state field (`status`, `state`) holds, by target
 * type: a diff shows "In release", "发布中", never `in_release`.
 */
export const AUDIT_STATE_LABELS: Partial<Record<AuditTargetType, Record<string, Texts>>> = {
  user: USER_STATES,
  company: COMPANY_STATES,
  firmwarePackage: PACKAGE_STATES,
  releaseTask: TASK_STATES,
  goods: GOODS_STATES,
  appKey: APP_KEY_STATES,
  message: MESSAGE_STATES,
  conversation: CONVERSATION_STATES,
};

/** The fields holding a target's state. */
export const AUDIT_STATE_FIELDS: readonly string[] = ['status', 'state'];

/**
 * A diff value as shown: a state field's value by its GLOSSARY name in the locale; any other value
 * (or a state the table does not know) as it is.
 */
export function auditFieldValue(targetType: string | null, field: string, value: unknown, locale: Locale): unknown {
  if (!AUDIT_STATE_FIELDS.includes(field) || typeof value !== 'string') return value;
  // Rows name their type as the registry does ('releaseTask') or as a service wrote it ('release_task').
  const type = targetType?.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const names = type ? AUDIT_STATE_LABELS[type as AuditTargetType] : undefined;
  const name = names && Object.prototype.hasOwnProperty.call(names, value) ? names[value] : undefined;
  return name ? (locale === 'zh-CN' ? name.zh : name.en) : value;
}

/** One changed field: before and after, or only `secret` for a secret (its values never kept). */
export interface AuditFieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: true;
}

export function auditFieldLabel(field: string, locale: Locale): string {
  const l = AUDIT_FIELD_LABELS[field];
  return l ? (locale === 'zh-CN' ? l.zh : l.en) : field;
}

/** How a secret's change reads in a diff. */
export const AUDIT_SECRET_TEXT: Texts = { en: AUDIT_SECRET_CHANGED, zh: '（已修改）' };

export interface AuditSentenceRow {
  code: string | null;
  action: string;
  actorName: string;
  targetName: string | null;
  params: Record<string, unknown> | null;
  result: 'success' | 'refused';
}

/** The code of a row: its own, else the entry of its action (rows written before codes). */
export function auditCodeOf(row: Pick<AuditSentenceRow, 'code' | 'action'>): string | null {
  return row.code ?? AUDIT_ACTIONS[row.action]?.code ?? null;
}

const GENERIC: Texts = { en: '{actor} made a change', zh: '{actor} 进行了操作' };
const REFUSED: Texts = { en: 'Refused: {sentence}', zh: '已拒绝：{sentence}' };
const SOMEONE: Texts = { en: 'someone', zh: '某人' };
const UNNAMED: Texts = { en: '(unnamed)', zh: '（未命名）' };

/** The row's sentence in a locale: "{actor} changed the role of {target}", never a path or an id. */
export function renderAuditSentence(row: AuditSentenceRow, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const code = auditCodeOf(row);
  const def = code ? auditActionByCode(code) : undefined;
  const tpl = def ? (zh ? def.zh : def.en) : zh ? GENERIC.zh : GENERIC.en;
  const opValue = def?.op ? row.params?.op : undefined;
  const opTexts = opValue === undefined ? undefined : def?.op?.labels[String(opValue)];
  const values: Record<string, string> = {
    actor: row.actorName || (zh ? SOMEONE.zh : SOMEONE.en),
    target: row.targetName || (zh ? UNNAMED.zh : UNNAMED.en),
    op: opTexts ? (zh ? opTexts.zh : opTexts.en) : String(opValue ?? ''),
  };
  const sentence = tpl.replace(/\{(actor|target|op)\}/g, (_, k: string) => values[k] ?? '');
  return row.result === 'refused' ? (zh ? REFUSED.zh : REFUSED.en).replace('{sentence}', sentence) : sentence;
}

/** An action's name for the action filter: its sentence without the actor, "…" for the target, its moves joined. */
export function auditActionLabel(def: AuditActionDef, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const ops = def.op ? Object.values(def.op.labels).map((l) => (zh ? l.zh : l.en)) : [];
  return (zh ? def.zh : def.en)
    .replace('{actor}', '')
    .replace('{target}', '…')
    .replace('{op}', ops.join(' / '))
    .replace(/\s+/g, ' ')
    .trim();
}
