/**
 * Business constants and limits (SPEC §9) that the shared code and the built modules use. Times are
 * in milliseconds unless the name says otherwise. A module that is not built yet keeps its own limits
 * in modules/<m>/constants.ts.
 */
/** The version root every API lives under. */
export const API_ROOT = '/v1.0';
export const API_PREFIX = '/v1.0/customer-api';
/** The app-facing API (DOMAIN §5): calls whose path starts with `app-api/` (define-call.ts). */
export const APP_API_PREFIX = '/v1.0/app-api';
export const DEVICE_API_PREFIX = '/v1.0/device-api';
export const API_VERSION = '1.0';

export const HTTP_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 180_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LOADING_OVERLAY_AUTO_CLOSE_MS = 3_000;
export const DRAW_TIME_THRESHOLD_MS = 15_000;
export const IDLE_TIMEOUT_MS = 7_200_000;
export const IDLE_CHECK_INTERVAL_MS = 30_000;
export const TOKEN_CACHE_MARGIN_MS = 3 * 60_000;
export const SIGNED_URL_TTL_SECONDS = 300;
export const TOKEN_REFRESH_GUARD_MS = 60_000;
export const TOKEN_REDIRECT_DELAY_MS = 1_000;

/** Access tokens live this long; a renewal token lives as long as the idle window allows. */
export const ACCESS_TOKEN_TTL_MS = 30 * 60_000;
/**
 * After a renewal, the session's previous token, renewal token and signing key stay known this long,
 * until the new token is first used: a browser that lost the renewal's answer (a reload, a closed tab,
 * a dropped connection) still holds them. A call with the previous token is then answered 7004, and
 * the previous renewal token renews again (new tokens in place of the lost ones). After that, or once
 * the new token was used, they are refused as any unknown token.
 */
export const RENEWAL_GRACE_MS = 30_000;
/**
 * A renewal not answered within this long is sent once more at once: both tries end inside
 * RENEWAL_GRACE_MS, so if the first did reach the server, the second still renews with the same
 * renewal token (a hung request with the calls' HTTP_TIMEOUT_MS would outlast the grace).
 */
export const RENEWAL_TIMEOUT_MS = 12_000;
/** A signed request's time must be within this window of the server's clock. */
export const SIGN_TIME_WINDOW_MS = 5 * 60_000;
export const NONCE_MAX = 2_147_483_646;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
/**
 * Failed sign-ins from one source address within LOGIN_LOCK_MINUTES before the address is locked
 * for LOGIN_LOCK_MINUTES. Higher than the per-account limit: an office shares one address.
 */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const IMAGE_CODE_TTL_MS = 5 * 60_000;

export const VERSION_COUNT_MIN = 50;
export const VERSION_COUNT_MAX = 1000;
export const IMPORT_MAX_ROWS = 5000;
export const QUERY_RANGE_MAX_DAYS = 31;
export const EXPORT_RANGE_MAX_DAYS = 90;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const PORT_MIN = 1024;
export const PORT_MAX = 65535;
export const PRIVATE_KEY_PASSPHRASE_MIN = 5;

export const COVER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_STORED_MAX_BYTES = 500 * 1024;
export const LICENCE_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const CANARY_SPEEDS = ['fast', 'normal', 'slow'] as const;
export const MIN_IPC_ACCESS_COUNT = 1;
export const MIN_BANDWIDTH_MBPS = 1;
