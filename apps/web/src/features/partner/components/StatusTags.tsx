import type { AuditState, CompanyType, InviteLinkState } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<string, string> = { inactive: 'default', active: 'success', frozen: 'processing' };
const AUDIT_COLOR: Record<AuditState, string> = { pending: 'warning', passed: 'success', rejected: 'error' };
const LINK_COLOR: Record<InviteLinkState, string> = {
  valid: 'processing',
  expired: 'default',
  used: 'success',
  revoked: 'default',
  replaced: 'default',
  invalid: 'error',
};
const TYPE_COLOR: Record<CompanyType, string> = {
  supplier: 'gold',
  partner: 'purple',
  distributor: 'geekblue',
  installer: 'cyan',
  customer: 'lime',
};

/** Company state: not activated, activated, frozen (glossary: 未激活 / 已激活 / 已冻结). */
export function CompanyStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-status={status}>
      {t(`partner.status.${status}`)}
    </Tag>
  );
}

export function AuditStatusTag({ status }: { status: AuditState }) {
  const { t } = useTranslation();
  return (
    <Tag color={AUDIT_COLOR[status]} data-audit={status}>
      {t(`partner.audit.${status}`)}
    </Tag>
  );
}

export function LinkStateTag({ state }: { state: InviteLinkState }) {
  const { t } = useTranslation();
  return <Tag color={LINK_COLOR[state]}>{t(`partner.linkState.${state}`)}</Tag>;
}

export function CompanyTypeTag({ type }: { type: CompanyType }) {
  const { t } = useTranslation();
  // Outlined: its text is the palette's 7th shade, which the theme keeps at 4.5:1 (AntdProviders).
  return <Tag color={TYPE_COLOR[type]}>{t(`userType.${type}`)}</Tag>;
}
