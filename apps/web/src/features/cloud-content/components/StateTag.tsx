import type { ContentState } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ContentState, string> = { draft: 'default', released: 'green', off_shelf: 'orange', supplier_off_shelf: 'red' };

/** One translation's state, with its locale; "changes waiting" when a newer revision is not released. */
export function StateTag({ locale, state, pending }: { locale?: string; state: ContentState; pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-testid={locale ? `state-${locale}` : undefined}>
      {locale ? `${locale} · ` : ''}
      {t(`content.state.${state}`)}
      {pending && state === 'released' ? ` · ${t('content.pendingChanges')}` : ''}
    </Tag>
  );
}
