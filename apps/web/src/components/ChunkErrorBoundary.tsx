import { ReloadOutlined } from './lite/icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusResult } from './StatusResult';
import { Button } from './lite/Button';
import { ChunkLoadError } from '../lib/lazy-page';

function PageLoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const { t } = useTranslation();
  const isChunk =
    error instanceof ChunkLoadError || /dynamically imported module|Loading chunk|Importing a module script failed/i.test(error.message);
  const timedOut = error instanceof ChunkLoadError && error.timedOut;
  return (
    <StatusResult
      status={isChunk ? 'warning' : 'error'}
      title={t(isChunk ? (timedOut ? 'errors.chunkTimeout' : 'errors.chunkLoad') : 'errors.pageCrashed')}
      subTitle={t('errors.reloadHint')}
      extra={[
        <Button key="reload" variant="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>,
        onRetry ? (
          <Button key="retry" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null,
      ]}
    />
  );
}

interface Props {
  children: ReactNode;
  /** Changing the key (e.g. the path) clears a previous error. */
  resetKey?: string;
}
interface State {
  error: Error | null;
  resetKey?: string;
}

/** Catches a page chunk that failed to load (or timed out) or a page that crashed, and offers a reload. */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error('[page]', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <PageLoadError error={this.state.error} />;
    return this.props.children;
  }
}

export { PageLoadError };
