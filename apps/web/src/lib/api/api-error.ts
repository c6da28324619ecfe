/** Why a call failed. `server` errors carry a catalogue code; the others are detected by the browser. */
export type ApiErrorKind = 'server' | 'session' | 'validation' | 'network' | 'timeout' | 'http404' | 'response' | 'aborted';

/** Client-side codes (negative so they never collide with the server catalogue). */
export const CLIENT_ERROR_CODES = {
  network: -1,
  timeout: -2,
  response: -3,
  http404: -404,
  aborted: -20,
} as const;

export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly kind: ApiErrorKind = 'server',
    public readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
