/**
 * The common slice of the error catalogue (SPEC §8). The catalogue is one table (src/errors.ts)
 * assembled from slices: this one, for what any call can answer, and one per module
 * (modules/<m>/errors.ts: `<M>_ERRORS`), each in number ranges of its own declared beside its codes
 * (`<M>_ERROR_RANGES`). test/errors.test.ts holds that no two slices' ranges overlap, that every code
 * lies in its slice's ranges and that the catalogue is exactly the slices. A new module takes a free
 * range; it never reuses another module's. (The ranges are read by that test only, so the web does
 * not download them.)
 *
 * Every code has an en-US and a zh-CN message. `{name}` placeholders are filled from the error's
 * params. `endsSession` codes make the browser clear the session and go to login.
 */
export interface ErrorEntry {
  key: string;
  endsSession: boolean;
  en: string;
  zh: string;
}

/** Codes from `from` to `to`, both included. */
export type ErrorRange = readonly [from: number, to: number];

/** The numbers of the common codes. */
export const COMMON_ERROR_RANGES: readonly ErrorRange[] = [
  [200, 200],
  // Generic request errors, files and bad input
  [1000, 1999],
  // Session tokens (SPEC §8: 7003, 7004, 7009)
  [7000, 7009],
  // Session ended elsewhere (SPEC §8: 7088, 7090)
  [7080, 7099],
  // Envelope checks (SPEC §8: 9100-9104)
  [9100, 9199],
  // The account is gone (SPEC §8: 10002)
  [10000, 10099],
];

/** What any call can answer: success, generic request errors, and the session and envelope checks. */
export const COMMON_ERRORS = {
  200: { key: 'ok', endsSession: false, en: 'Success', zh: '成功' },

  // Generic request errors
  1000: {
    key: 'internal',
    endsSession: false,
    en: 'The server could not complete the request. Please try again later.',
    zh: '服务器暂时无法完成请求，请稍后重试。',
  },
  1001: { key: 'invalidParams', endsSession: false, en: 'Invalid parameters: {detail}', zh: '参数错误：{detail}' },
  1002: { key: 'malformedJson', endsSession: false, en: 'The request body is not valid JSON.', zh: '请求内容不是有效的 JSON。' },
  1003: { key: 'bodyTooLarge', endsSession: false, en: 'The request is too large.', zh: '请求内容过大。' },
  1004: { key: 'notFound', endsSession: false, en: 'The record does not exist or you have no access to it.', zh: '记录不存在或无权访问。' },
  1005: { key: 'forbidden', endsSession: false, en: 'You do not have permission for this operation.', zh: '您没有该操作的权限。' },
  1006: { key: 'unknownCall', endsSession: false, en: 'The requested interface does not exist.', zh: '请求的接口不存在。' },
  1007: {
    key: 'areaForbidden',
    endsSession: false,
    en: 'This operation is not allowed in the current area.',
    zh: '当前区域不允许该操作。',
  },
  1008: {
    key: 'tooFrequent',
    endsSession: false,
    en: 'Operation too frequent, please try again in {seconds} seconds.',
    zh: '操作过于频繁，请 {seconds} 秒后重试。',
  },
  1009: { key: 'fileTypeMismatch', endsSession: false, en: 'The file type does not match its extension.', zh: '文件类型与扩展名不匹配。' },
  1010: { key: 'fileTooLarge', endsSession: false, en: 'The file is too large (at most {max}).', zh: '文件过大（最大 {max}）。' },
  1011: { key: 'fileTypeNotAllowed', endsSession: false, en: 'This file type is not allowed.', zh: '不允许上传该类型的文件。' },
  1012: { key: 'uploadFailed', endsSession: false, en: 'Upload failed, please try again.', zh: '上传失败，请重试。' },
  1013: { key: 'fileLinkInvalid', endsSession: false, en: 'The file link is invalid or has expired.', zh: '文件链接无效或已过期。' },
  1014: { key: 'rangeNotSatisfiable', endsSession: false, en: 'The requested range is not available.', zh: '请求的范围无效。' },
  1015: { key: 'mailFailed', endsSession: false, en: 'The e-mail could not be sent: {detail}', zh: '邮件发送失败：{detail}' },
  1016: {
    key: 'conflict',
    endsSession: false,
    en: 'The record was changed by someone else. Refresh and try again.',
    zh: '记录已被他人修改，请刷新后重试。',
  },
  1017: {
    key: 'illegalTransition',
    endsSession: false,
    en: 'This operation is not allowed in the current state.',
    zh: '当前状态下不允许该操作。',
  },
  // Bad input never reaches a 500 (issue 11 §1.8, part "fuzz"): refused before any handler reads it.
  1030: {
    key: 'inputTooDeep',
    endsSession: false,
    en: 'The request is nested too deeply (at most {max} levels).',
    zh: '请求内容嵌套层级过深（最多 {max} 层）。',
  },
  1031: {
    key: 'inputBadCharacter',
    endsSession: false,
    en: 'The request contains a character that is not allowed (NUL or a broken Unicode character) in {field}.',
    zh: '请求内容在 {field} 中包含不允许的字符（空字符或损坏的 Unicode 字符）。',
  },
  1032: {
    key: 'numberOutOfRange',
    endsSession: false,
    en: 'A number in the request is out of range (in {field}).',
    zh: '请求中的数字超出范围，位于 {field}。',
  },
  1033: {
    key: 'inputTooLarge',
    endsSession: false,
    en: 'The request has too many values (at most {max}).',
    zh: '请求包含的数据项过多（最多 {max} 个）。',
  },

  // Session and envelope (ending the session in the browser where SPEC §8 says so)
  7003: { key: 'tokenInvalid', endsSession: true, en: 'Your login is invalid. Please log in again.', zh: '登录信息无效，请重新登录。' },
  7004: { key: 'tokenExpired', endsSession: false, en: 'Your login token has expired.', zh: '登录令牌已过期。' },
  7009: {
    key: 'sessionTimeout',
    endsSession: true,
    en: 'You have been inactive for too long. Please log in again.',
    zh: '长时间未操作，请重新登录。',
  },
  7088: {
    key: 'loggedInElsewhere',
    endsSession: true,
    en: 'Your account has logged in elsewhere or was logged out. Please log in again.',
    zh: '您的账号已在其他地方登录或已退出，请重新登录。',
  },
  7090: {
    key: 'accountDisabled',
    endsSession: true,
    en: 'Your account has been disabled or frozen. Contact your administrator.',
    zh: '您的账号已被禁用或冻结，请联系管理员。',
  },
  10002: { key: 'accountDeleted', endsSession: true, en: 'This account no longer exists.', zh: '该账号不存在。' },
  9100: { key: 'badSign', endsSession: true, en: 'The request signature is invalid.', zh: '请求签名无效。' },
  9101: { key: 'replayedNonce', endsSession: true, en: 'The request was already received (repeated request).', zh: '重复的请求。' },
  9102: {
    key: 'staleTime',
    endsSession: true,
    en: 'The request time is outside the allowed window. Check your computer clock.',
    zh: '请求时间超出允许范围，请检查电脑时间。',
  },
  9103: { key: 'missingBasic', endsSession: true, en: 'The request is missing its basic block.', zh: '请求缺少基础信息。' },
  9104: {
    key: 'remoteAccessEnded',
    endsSession: true,
    en: 'The remote access has ended or was withdrawn.',
    zh: '远程访问已结束或已被撤回。',
  },
} as const satisfies Record<number, ErrorEntry>;
