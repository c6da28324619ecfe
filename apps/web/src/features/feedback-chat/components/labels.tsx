import type { ConversationState } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ConversationState, string> = { open: 'blue', pending: 'gold', resolved: 'green' };

/** A state's label as its viewer reads it: "waiting for you" to the requester, "waiting for requester" to the desk. */
export function stateKey(state: ConversationState, desk: boolean): string {
  return desk ? `feedbackChat.stateDesk.${state}` : `feedbackChat.state.${state}`;
}

export function StateTag({ state, desk = false }: { state: ConversationState; desk?: boolean }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(stateKey(state, desk))}</Tag>;
}

/** A new client message id: kept until its send succeeds, so a retry answers the original. */
export function newClientId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
