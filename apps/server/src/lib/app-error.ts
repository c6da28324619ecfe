import { errorMessage, type ErrorCode } from '@portal/contract';

/** The one error type: a catalogue code (SPEC §8), its message params, and a detail for the log. */
export class AppError extends Error {
  constructor(
    public code: ErrorCode,
    public params?: Record<string, string | number>,
    public detail?: string,
  ) {
    super(detail ?? errorMessage(code, 'en-US', params));
    this.name = 'AppError';
  }
}
