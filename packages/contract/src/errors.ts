/**
 * The error catalogue (SPEC §8): one table shared by the server and the web client.
 * Every code has an en-US and a zh-CN message. `{name}` placeholders are filled from
 * the error's params. `endsSession` codes make the browser clear the session and go to login.
 */
export const ERROR_CATALOGUE = {
  200: { key: 'ok', endsSession: false, en: 'Success', zh: '成功' },

  // Generic request errors
  1000: { key: 'internal', endsSession: false, en: 'The server could not complete the request. Please try again later.', zh: '服务器暂时无法完成请求，请稍后重试。' },
  1001: { key: 'invalidParams', endsSession: false, en: 'Invalid parameters: {detail}', zh: '参数错误：{detail}' },
  1002: { key: 'malformedJson', endsSession: false, en: 'The request body is not valid JSON.', zh: '请求内容不是有效的 JSON。' },
  1003: { key: 'bodyTooLarge', endsSession: false, en: 'The request is too large.', zh: '请求内容过大。' },
  1004: { key: 'notFound', endsSession: false, en: 'The record does not exist or you have no access to it.', zh: '记录不存在或无权访问。' },
  1005: { key: 'forbidden', endsSession: false, en: 'You do not have permission for this operation.', zh: '您没有该操作的权限。' },
  1006: { key: 'unknownCall', endsSession: false, en: 'The requested interface does not exist.', zh: '请求的接口不存在。' },
  1007: { key: 'areaForbidden', endsSession: false, en: 'This operation is not allowed in the current area.', zh: '当前区域不允许该操作。' },
  1008: { key: 'tooFrequent', endsSession: false, en: 'Operation too frequent, please try again in {seconds} seconds.', zh: '操作过于频繁，请 {seconds} 秒后重试。' },
  1009: { key: 'fileTypeMismatch', endsSession: false, en: 'The file type does not match its extension.', zh: '文件类型与扩展名不匹配。' },
  1010: { key: 'fileTooLarge', endsSession: false, en: 'The file is too large (at most {max}).', zh: '文件过大（最大 {max}）。' },
  1011: { key: 'fileTypeNotAllowed', endsSession: false, en: 'This file type is not allowed.', zh: '不允许上传该类型的文件。' },
  1012: { key: 'uploadFailed', endsSession: false, en: 'Upload failed, please try again.', zh: '上传失败，请重试。' },
  1013: { key: 'fileLinkInvalid', endsSession: false, en: 'The file link is invalid or has expired.', zh: '文件链接无效或已过期。' },
  1014: { key: 'rangeNotSatisfiable', endsSession: false, en: 'The requested range is not available.', zh: '请求的范围无效。' },
  1015: { key: 'mailFailed', endsSession: false, en: 'The e-mail could not be sent: {detail}', zh: '邮件发送失败：{detail}' },
  1016: { key: 'conflict', endsSession: false, en: 'The record was changed by someone else. Refresh and try again.', zh: '记录已被他人修改，请刷新后重试。' },
  1017: { key: 'illegalTransition', endsSession: false, en: 'This operation is not allowed in the current state.', zh: '当前状态下不允许该操作。' },
  // Bad input never reaches a 500 (issue 11 §1.8, part "fuzz"): refused before any handler reads it.
  1030: { key: 'inputTooDeep', endsSession: false, en: 'The request is nested too deeply (at most {max} levels).', zh: '请求内容嵌套层级过深（最多 {max} 层）。' },
  1031: { key: 'inputBadCharacter', endsSession: false, en: 'The request contains a character that is not allowed (NUL or a broken Unicode character) in {field}.', zh: '请求内容在 {field} 中包含不允许的字符（空字符或损坏的 Unicode 字符）。' },
  1032: { key: 'numberOutOfRange', endsSession: false, en: 'A number in the request is out of range (in {field}).', zh: '请求中的数字超出范围，位于 {field}。' },
  1033: { key: 'inputTooLarge', endsSession: false, en: 'The request has too many values (at most {max}).', zh: '请求包含的数据项过多（最多 {max} 个）。' },

  // Session and envelope (ending the session in the browser where SPEC §8 says so)
  7003: { key: 'tokenInvalid', endsSession: true, en: 'Your login is invalid. Please log in again.', zh: '登录信息无效，请重新登录。' },
  7004: { key: 'tokenExpired', endsSession: false, en: 'Your login token has expired.', zh: '登录令牌已过期。' },
  7009: { key: 'sessionTimeout', endsSession: true, en: 'You have been inactive for too long. Please log in again.', zh: '长时间未操作，请重新登录。' },
  7088: { key: 'loggedInElsewhere', endsSession: true, en: 'Your account has logged in elsewhere or was logged out. Please log in again.', zh: '您的账号已在其他地方登录或已退出，请重新登录。' },
  7090: { key: 'accountDisabled', endsSession: true, en: 'Your account has been disabled or frozen. Contact your administrator.', zh: '您的账号已被禁用或冻结，请联系管理员。' },
  10002: { key: 'accountDeleted', endsSession: true, en: 'This account no longer exists.', zh: '该账号不存在。' },
  9100: { key: 'badSign', endsSession: true, en: 'The request signature is invalid.', zh: '请求签名无效。' },
  9101: { key: 'replayedNonce', endsSession: true, en: 'The request was already received (repeated request).', zh: '重复的请求。' },
  9102: { key: 'staleTime', endsSession: true, en: 'The request time is outside the allowed window. Check your computer clock.', zh: '请求时间超出允许范围，请检查电脑时间。' },
  9103: { key: 'missingBasic', endsSession: true, en: 'The request is missing its basic block.', zh: '请求缺少基础信息。' },
  9104: { key: 'remoteAccessEnded', endsSession: true, en: 'The remote access has ended or was withdrawn.', zh: '远程访问已结束或已被撤回。' },

  // Login, registration, verification
  7010: { key: 'wrongCredentials', endsSession: false, en: 'Wrong account or password. {remaining} {remaining|attempt|attempts} left before the account is locked.', zh: '账号或密码错误，还可尝试 {remaining} 次，之后账号将被锁定。' },
  7011: { key: 'accountLocked', endsSession: false, en: 'The account is locked. Please try again in {minutes} minutes.', zh: '账号已被锁定，请 {minutes} 分钟后重试。' },
  7012: { key: 'verifyCodeWrong', endsSession: false, en: 'The verification code is wrong or has expired.', zh: '验证码错误或已过期。' },
  7013: { key: 'imageCodeWrong', endsSession: false, en: 'The graphic code is wrong or has expired.', zh: '图形验证码错误或已过期。' },
  7014: { key: 'oldPasswordWrong', endsSession: false, en: 'The old password is wrong.', zh: '旧密码错误。' },
  7015: { key: 'emailExists', endsSession: false, en: 'This e-mail already exists.', zh: '该邮箱已存在。' },
  7016: { key: 'userExists', endsSession: false, en: 'The user already exists.', zh: '用户已存在。' },
  7017: { key: 'weakPassword', endsSession: false, en: 'The password must be 8-16 characters and contain at least two of digits, letters and special characters.', zh: '密码须为8-16位，且至少包含数字、字母、特殊字符中的两种。' },
  7018: { key: 'passwordMismatch', endsSession: false, en: 'The two passwords do not match.', zh: '两次输入的密码不一致。' },
  7019: { key: 'accountNotFound', endsSession: false, en: 'No account uses this e-mail.', zh: '该邮箱未注册账号。' },
  7020: { key: 'codeResendWait', endsSession: false, en: 'A code was sent recently. Please wait {seconds} seconds before asking again.', zh: '验证码已发送，请 {seconds} 秒后再获取。' },
  7021: { key: 'invitationAlreadySent', endsSession: false, en: 'The invitation was already sent. Do not operate frequently.', zh: '邀请已发送，请勿频繁操作。' },
  7022: { key: 'linkInvalid', endsSession: false, en: 'The link is invalid, expired or already used.', zh: '链接无效、已过期或已被使用。' },
  7023: { key: 'renewFailed', endsSession: true, en: 'Your login could not be renewed. Please log in again.', zh: '登录续期失败，请重新登录。' },
  7031: { key: 'passwordWrong', endsSession: false, en: 'The password is wrong.', zh: '密码错误。' },
  7032: { key: 'unregisterRefused', endsSession: false, en: 'This account cannot be deleted: it is the only owner of a company that still has users or downstream companies.', zh: '该账号无法注销：它是公司唯一的所有者，且公司仍有其他用户或下级公司。' },
  7033: { key: 'cannotOperateSelf', endsSession: false, en: 'You cannot disable, delete or change the permissions of your own account.', zh: '不能禁用、删除自己的账号或修改自己的权限。' },
  7034: { key: 'notRegistered', endsSession: false, en: 'The user has not completed registration yet. Send the invitation again instead.', zh: '该用户尚未完成注册，请重新发送邀请。' },
  // Partner network: registration audit, companies, remote access
  7040: { key: 'registrationPending', endsSession: false, en: 'Your registration is waiting for approval by {company}. You can log in once it is approved.', zh: '您的注册正在等待{company}审核，审核通过后即可登录。' },
  7041: { key: 'registrationRejected', endsSession: false, en: 'Your registration was rejected by {company}. Reason: {reason}', zh: '您的注册已被{company}驳回。原因：{reason}' },
  7042: { key: 'remoteAccessNotAllowed', endsSession: false, en: 'This account does not allow superior access. Ask its administrator to turn on "Allow superior access".', zh: '该账号未开启“允许上级访问”，请联系该账号的管理员开启。' },
  7043: { key: 'userLimitBelowUsers', endsSession: false, en: 'The user limit cannot be lower than the company’s current number of users ({count}).', zh: '用户上限不能低于该公司当前的用户数（{count}）。' },
  7045: { key: 'userLimitReached', endsSession: false, en: 'The company has reached its user limit ({limit} users). Raise the limit or remove users first.', zh: '该公司已达到用户上限（{limit} 个用户），请先提高上限或删除用户。' },
  7044: { key: 'partnerOnly', endsSession: false, en: 'Only partners (level 1) can do this.', zh: '仅合作伙伴（一级）可以执行此操作。' },
  20052: { key: 'emailChurn', endsSession: false, en: 'This e-mail was added and deleted repeatedly. Please retry in {minutes} minutes.', zh: '该邮箱被重复添加/删除，请 {minutes} 分钟后重试。' },
  // Auth hardening (issue 11 §1, part authsec)
  7050: { key: 'remoteAccessForbidden', endsSession: false, en: 'Not allowed during remote access: sign-in tokens, passwords, e-mail binding, remote-access consent and invitations stay with the account’s own users.', zh: '远程访问期间不允许此操作：登录令牌、密码、邮箱绑定、远程访问授权和邀请只能由该账号自己的用户操作。' },
  7051: { key: 'addressLocked', endsSession: false, en: 'Too many failed sign-ins from your network. Please try again in {minutes} minutes.', zh: '您所在网络的登录失败次数过多，请 {minutes} 分钟后重试。' },
  7052: { key: 'alreadyDone', endsSession: false, en: 'This was already done (the form was probably submitted twice).', zh: '该操作已完成（表单可能被重复提交）。' },

  // Cloud firmware upgrade (issue 4)
  24001: { key: 'packageMd5Mismatch', endsSession: false, en: 'The MD5 of the uploaded file ({computed}) does not match the MD5 entered.', zh: '上传文件的MD5（{computed}）与填写的MD5不一致。' },
  24002: { key: 'packageInUse', endsSession: false, en: 'The package is used by a release task that is still running. End or revoke the task first.', zh: '该固件包正被进行中的发布任务使用，请先结束或撤销任务。' },
  24003: { key: 'regionAlreadyReleased', endsSession: false, en: 'This package has already been released to {region}. The same region cannot be released twice.', zh: '该固件包已发布到{region}，同一区域不能重复发布。' },
  24004: { key: 'packageNotReleasable', endsSession: false, en: 'Only a synced package within its validity can be released.', zh: '只有同步完成且在有效期内的固件包才能发布。' },
  24005: { key: 'testPackageSpecifiedOnly', endsSession: false, en: 'A test package can only be released to specified devices.', zh: '测试包只能发布到指定设备。' },
  24006: { key: 'noTargetDevices', endsSession: false, en: 'No devices match the release target.', zh: '没有符合发布条件的设备。' },
  24007: { key: 'grayCountTooLarge', endsSession: false, en: 'Only {devices} devices match; a gray release must leave devices for the full release.', zh: '仅有{devices}台设备符合条件，灰度发布须为全量发布留出设备。' },
  24008: { key: 'uploadIncomplete', endsSession: false, en: 'The upload is not complete ({received} of {size} bytes). Continue the upload.', zh: '上传未完成（已上传{received}/{size}字节），请继续上传。' },
  24009: { key: 'storageTokenInvalid', endsSession: false, en: 'The upload credential is invalid or has expired.', zh: '上传凭证无效或已过期。' },
  24010: { key: 'importUnreadable', endsSession: false, en: 'The file could not be read as an xlsx workbook.', zh: '无法读取该文件，请上传xlsx格式的表格。' },
  24011: { key: 'importMissingColumns', endsSession: false, en: 'The file lacks the required columns: {columns}.', zh: '文件缺少必需的列：{columns}。' },
  24012: { key: 'importTooManyRows', endsSession: false, en: 'The file has more than {max} rows.', zh: '文件超过{max}行。' },
  24013: { key: 'importEmpty', endsSession: false, en: 'The file has no data rows.', zh: '文件中没有数据行。' },
  24014: { key: 'deviceKeyInvalid', endsSession: false, en: 'The device key is invalid.', zh: '设备密钥无效。' },
  24015: { key: 'provisioningKeyInvalid', endsSession: false, en: 'The provisioning key is invalid.', zh: '设备注册密钥无效。' },
  24016: { key: 'deviceTaskMismatch', endsSession: false, en: 'The device is not part of this task, or the task is no longer running.', zh: '设备不属于该任务，或任务已不在进行中。' },
  24017: { key: 'taskNotEditable', endsSession: false, en: 'A finished task cannot be changed.', zh: '已结束的任务不能修改。' },
  24018: { key: 'packageExpired', endsSession: false, en: 'The package is past its validity.', zh: '固件包已过有效期。' },
  24019: { key: 'uploadChunkInvalid', endsSession: false, en: 'The chunk does not fit the upload ({detail}).', zh: '分片与上传不符（{detail}）。' },
  24020: { key: 'versionExists', endsSession: false, en: 'A package with version {version} already exists for this product type.', zh: '该产品类型已存在版本为{version}的固件包。' },
  24021: { key: 'uploadStale', endsSession: false, en: 'Deleted: no part of the upload arrived for {days} days.', zh: '已删除：连续{days}天未收到上传的分片。' },
  // platform hardening (issue 11 §1): device registration
  24022: { key: 'deviceAlreadyRegistered', endsSession: false, en: 'A device with this SN or MAC is already registered. Register it with its own device key, or have its key reset in the portal (Devices).', zh: '已有设备使用此 SN 或 MAC 注册。请使用该设备自己的设备密钥注册，或在平台（设备管理）中重置其密钥。' },
  // Streaming imports (issue 11 §1.10, part "fuzz"): a bounded number of imports per server.
  24026: { key: 'importBusy', endsSession: false, en: 'The server is busy with other imports. Please retry in {seconds} seconds.', zh: '服务器正在处理其他导入，请 {seconds} 秒后重试。' },

  // Orders (SPEC §8)
  7079: { key: 'productNotExist', endsSession: false, en: 'The product does not exist.', zh: '商品不存在。' },
  31001: { key: 'insufficientStock', endsSession: false, en: 'Insufficient inventory.', zh: '库存不足。' },
  23003: { key: 'productNotListed', endsSession: false, en: 'The cloud storage product is not listed.', zh: '云存储商品未上架。' },
  23005: { key: 'productRemoved', endsSession: false, en: 'The product has been removed from the shelves.', zh: '商品已下架。' },
  23007: { key: 'deviceNotBound', endsSession: false, en: 'The device is not bound.', zh: '设备未绑定。' },
  23008: { key: 'deviceNotExist', endsSession: false, en: 'The device does not exist.', zh: '设备不存在。' },
  23009: { key: 'boundUserDiffers', endsSession: false, en: 'The device is bound to a different user.', zh: '设备绑定的用户与当前用户不一致。' },
  23011: { key: 'productExpired', endsSession: false, en: 'The product has expired.', zh: '商品已过期。' },
  23017: { key: 'deviceNotExist2', endsSession: false, en: 'The device does not exist.', zh: '设备不存在。' },
} as const satisfies Record<number, { key: string; endsSession: boolean; en: string; zh: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type Locale = 'en-US' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['en-US', 'zh-CN'];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const ErrorCodes = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, e]) => [e.key, Number(code)]),
) as { [K in ErrorCode as (typeof ERROR_CATALOGUE)[K]['key']]: K };

/** Codes after which the browser ends the session (SPEC §8). */
export const SESSION_ENDING_CODES: readonly number[] = Object.entries(ERROR_CATALOGUE)
  .filter(([, e]) => e.endsSession)
  .map(([c]) => Number(c));

export function isKnownErrorCode(code: number): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}

export function normalizeLocale(input: string | null | undefined): Locale {
  if (!input) return DEFAULT_LOCALE;
  const l = input.toLowerCase();
  if (l.startsWith('zh')) return 'zh-CN';
  return 'en-US';
}

/** Localized message for a catalogue code, with `{name}` placeholders filled. */
export function errorMessage(code: number, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = isKnownErrorCode(code) ? ERROR_CATALOGUE[code] : ERROR_CATALOGUE[1000];
  const template = locale === 'zh-CN' ? entry.zh : entry.en;
  return template
    // {n|one|other}: the English singular or plural after a number (issue 11 §3: "1 attempts").
    .replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (_, k: string, one: string, other: string) => (Number(params[k]) === 1 ? one : other))
    .replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : ''));
}
