import type { ConversationState } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ConversationState, string> = { open: 'blue', pending: 'gold', resolved: 'green' };

export function StateTag({ state }: { state: ConversationState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`feedbackChat.state.${state}`)}</Tag>;
}

/** A new client message id: kept until its send succeeds, so a retry answers the original. */
export function newClientId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
