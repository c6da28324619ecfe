import type { ValidationMessageKey } from '@portal/contract';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { translateValidation } from '../lib/i18n/validation';

/**
 * Props of a RangePicker limited to `maxDays` (SPEC §5: 31-day queries, 90-day exports): the dates
 * that would make the range too long are disabled, and the popup's footer says why, in the
 * contract's words (issue 11 §3: a picker that refuses a range says so).
 */
export function rangeLimit(maxDays: number, tooLongKey: ValidationMessageKey, opts: { noFuture?: boolean } = {}) {
  return {
    disabledDate: (d: Dayjs, info: { from?: Dayjs }) =>
      (opts.noFuture === true && d.isAfter(dayjs(), 'day')) || (!!info.from && Math.abs(d.diff(info.from, 'day')) >= maxDays),
    renderExtraFooter: () => (
      <span className="portal-picker-note" data-testid="range-limit-note">
        {translateValidation(tooLongKey)}
      </span>
    ),
  };
}
