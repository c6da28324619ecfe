import type { CompanyAction } from '@portal/contract';
import { Button, Descriptions, Drawer, Empty, Flex, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useCompanyDetail } from '../api/partner-api';
import { useCompanyActions } from './CompanyActions';
import { AuditStatusTag, CompanyStatusTag, CompanyTypeTag, LinkStateTag } from './StatusTags';

/** Everything about one downstream company, with the operations the server says the caller may take. */
export function CompanyDetailDrawer({ companyId, onClose }: { companyId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useCompanyDetail(companyId);
  const act = useCompanyActions();
  const c = data?.company;
  const can = (a: CompanyAction) => !!c?.actions.includes(a);

  return (
    <Drawer
      open={companyId !== null}
      onClose={onClose}
      size={560}
      title={c?.name ?? t('partner.detail.title')}
      destroyOnHidden
      data-testid="company-drawer"
      extra={
        c && (
          <Space wrap>
            {can('update') && <Button onClick={() => act.edit(c)}>{t('partner.edit.title')}</Button>}
            {can('freeze') && (
              <Button danger onClick={() => act.freeze(c, true)}>
                {t('partner.freeze.freeze')}
              </Button>
            )}
            {can('unfreeze') && <Button onClick={() => act.freeze(c, false)}>{t('partner.freeze.unfreeze')}</Button>}
            {can('remoteAccess') && (
              <Button type="primary" onClick={() => act.remoteAccess(c)} data-testid="remote-access-button">
                {t('partner.remote.open')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {isLoading || !data || !c ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={24}>
          <Descriptions title={t('partner.detail.basic')} column={1} size="small" bordered>
            <Descriptions.Item label={t('partner.companies.type')}>
              <CompanyTypeTag type={c.type} />
            </Descriptions.Item>
            <Descriptions.Item label={t('partner.companies.status')}>
              <CompanyStatusTag status={c.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('partner.companies.parent')}>{data.parentName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('partner.companies.area')}>{data.areaName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('partner.detail.contact')}>{c.contact || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('partner.detail.telephone')}>{c.telephone || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('partner.detail.email')}>{c.email || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('partner.companies.users')}>{`${c.userCount} / ${c.userLimit}`}</Descriptions.Item>
            <Descriptions.Item label={t('partner.detail.superiorAccess')}>
              {data.allowSuperiorAccess ? t('partner.detail.yes') : t('partner.detail.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('partner.companies.createdAt')}>{formatDateTime(c.createdAt)}</Descriptions.Item>
          </Descriptions>

          {data.invitation && (
            <Descriptions
              title={t('partner.detail.invitation')}
              column={1}
              size="small"
              bordered
              extra={
                <Space>
                  {can('reinvite') && (
                    <Button size="small" onClick={() => act.reinvite(c)} data-testid="drawer-reinvite">
                      {t('partner.invite.reinvite')}
                    </Button>
                  )}
                  {can('undoInvite') && (
                    <Button size="small" danger onClick={() => act.undoInvite(c, onClose)}>
                      {t('partner.invite.undo')}
                    </Button>
                  )}
                </Space>
              }
            >
              <Descriptions.Item label={t('partner.detail.email')}>{data.invitation.email}</Descriptions.Item>
              <Descriptions.Item label={t('partner.companies.status')}>
                <LinkStateTag state={data.invitation.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t('partner.detail.sentAt')}>{formatDateTime(data.invitation.sentAt)}</Descriptions.Item>
              <Descriptions.Item label={t('partner.detail.expiresAt')}>{formatDateTime(data.invitation.expiresAt)}</Descriptions.Item>
              <Descriptions.Item label={t('partner.detail.invitedBy')}>{data.invitation.inviterName || '-'}</Descriptions.Item>
            </Descriptions>
          )}

          {data.audit && (
            <Descriptions
              title={t('partner.detail.registration')}
              column={1}
              size="small"
              bordered
              extra={
                <Space>
                  {can('approve') && (
                    <Popconfirm title={t('partner.decide.approveConfirm', { name: c.name })} onConfirm={() => act.approve(c)}>
                      <Button size="small" type="primary">
                        {t('partner.decide.approve')}
                      </Button>
                    </Popconfirm>
                  )}
                  {can('reject') && (
                    <Button size="small" danger onClick={() => act.reject(c)}>
                      {t('partner.decide.reject')}
                    </Button>
                  )}
                </Space>
              }
            >
              <Descriptions.Item label={t('partner.companies.status')}>
                <AuditStatusTag status={data.audit.status} />
              </Descriptions.Item>
              <Descriptions.Item
                label={t('partner.detail.applicant')}
              >{`${data.audit.applicantName} <${data.audit.applicantEmail}>`}</Descriptions.Item>
              <Descriptions.Item label={t('partner.detail.submittedAt')}>{formatDateTime(data.audit.submittedAt)}</Descriptions.Item>
              {data.audit.decidedAt && (
                <Descriptions.Item label={t('partner.detail.decidedAt')}>{formatDateTime(data.audit.decidedAt)}</Descriptions.Item>
              )}
              {data.audit.decidedByName && (
                <Descriptions.Item label={t('partner.detail.decidedBy')}>{data.audit.decidedByName}</Descriptions.Item>
              )}
              {data.audit.reason && (
                <Descriptions.Item label={t('partner.detail.reason')}>
                  <Typography.Text type="danger">{data.audit.reason}</Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
          {!data.invitation && !data.audit && c.actions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        </Flex>
      )}
    </Drawer>
  );
}
