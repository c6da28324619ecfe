/**
 * A statistic that could not be drawn (e.g. statsTimeout: the read took longer than the statistics'
 * statement timeout): the error's message in place of the chart or list, with Retry, which asks again.
 */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error';

export interface StatsFailure {
  error: unknown;
  retry: () => void;
}

interface RetryableQuery {
  error: unknown;
  refetch: () => unknown;
}

/** The first failed query of `queries` with a Retry that asks each failed one again, or null. */
export function failureOf(...queries: RetryableQuery[]): StatsFailure | null {
  const failed = queries.find((q) => q.error);
  if (!failed) return null;
  return {
    error: failed.error,
    retry: () => {
      for (const q of queries) if (q.error) void q.refetch();
    },
  };
}

export function StatsError({ failure, testId = 'stats-error' }: { failure: StatsFailure; testId?: string }) {
  const { t } = useTranslation();
  const message = isApiError(failure.error) ? failure.error.message : t('insight.loadFailed');
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid={testId}
      title={message}
      action={
        <Button size="small" onClick={failure.retry}>
          {t('insight.retry')}
        </Button>
      }
    />
  );
}
