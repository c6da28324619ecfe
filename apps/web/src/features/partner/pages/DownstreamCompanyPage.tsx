import { PlusOutlined, ReloadOutlined, SearchOutlined } from '../../../components/icons';
import { COMPANY_STATUSES, type CompanyType, DEFAULT_PAGE_SIZE, type PartnerAction } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Input, Select, Space, Tabs, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowClear } from '../../../components/list';
import { useAreaName } from '../../../lib/areas';
import { useSessionUser } from '../../../lib/session/session-store';
import { type CompanyListQuery, type InviteKind, partnerKeys, useCompanyStatistics, usePartnerAbilities } from '../api/partner-api';
import { CompanyActionsProvider } from '../components/CompanyActions';
import { CompanyDetailDrawer } from '../components/CompanyDetailDrawer';
import { CompanyStatistics } from '../components/CompanyStatistics';
import { CompanyTable } from '../components/CompanyTable';
import { InviteCompanyModal } from '../components/InviteCompanyModal';
import { RegistrationAuditTable } from '../components/RegistrationAuditTable';

const FILTER_TYPES: readonly CompanyType[] = ['partner', 'distributor', 'installer', 'customer'];

const INVITE_KIND: Record<PartnerAction, InviteKind> = {
  inviteInstaller: 'installer',
  inviteDistributor: 'distributor',
  inviteCustomer: 'customer',
};

/** Downstream and partner companies: statistics, the company tree/list with its operations, invitations and the registration audit. */
export default function DownstreamCompanyPage() {
  const { t } = useTranslation();
  const allowClear = useAllowClear();
  const areaName = useAreaName();
  const user = useSessionUser();
  const qc = useQueryClient();
  const [query, setQuery] = useState<CompanyListQuery>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  // What the signed-in user may invite: exactly the server's answer (its policy).
  const abilities = usePartnerAbilities().data?.actions;
  const kinds = useMemo(() => (abilities ?? []).map((a) => INVITE_KIND[a]), [abilities]);
  const [text, setText] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [inviting, setInviting] = useState(false);
  const [tab, setTab] = useState('companies');
  const stats = useCompanyStatistics();

  const filter = (patch: Partial<CompanyListQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  return (
    <CompanyActionsProvider>
      <Flex vertical gap={16}>
        <CompanyStatistics />
        <Card variant="borderless" className="portal-card">
          <Tabs
            activeKey={tab}
            onChange={setTab}
            tabBarExtraContent={
              kinds.length > 0 && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)} data-testid="invite-button">
                  {t('partner.companies.invite')}
                </Button>
              )
            }
            items={[
              {
                key: 'companies',
                label: t('partner.companies.tab'),
                children: (
                  <>
                    <div className="portal-toolbar">
                      <Space wrap>
                        <Input
                          allowClear={allowClear}
                          prefix={<SearchOutlined />}
                          placeholder={t('partner.companies.searchPlaceholder')}
                          value={text}
                          onChange={(e) => setText(e.target.value)}
                          onPressEnter={() => filter({ searchText: text.trim() || undefined })}
                          style={{ width: 220 }}
                          maxLength={100}
                          aria-label={t('partner.companies.searchPlaceholder')}
                          data-testid="company-search"
                        />
                        <Select<CompanyType | 'all'>
                          value={query.type ?? 'all'}
                          style={{ width: 170 }}
                          onChange={(v) => filter({ type: v === 'all' ? undefined : v })}
                          options={[
                            { value: 'all', label: t('partner.companies.allTypes') },
                            ...FILTER_TYPES.map((v) => ({ value: v, label: t(`userType.${v}`) })),
                          ]}
                          aria-label={t('partner.companies.type')}
                        />
                        <Select<string>
                          value={query.status ?? 'all'}
                          style={{ width: 140 }}
                          onChange={(v) => filter({ status: v === 'all' ? undefined : (v as CompanyListQuery['status']) })}
                          options={[
                            { value: 'all', label: t('partner.companies.allStatuses') },
                            ...COMPANY_STATUSES.map((v) => ({ value: v, label: t(`partner.status.${v}`) })),
                          ]}
                          aria-label={t('partner.companies.status')}
                          data-testid="status-filter"
                        />
                        <Select<number>
                          value={query.areaId ?? 0}
                          style={{ width: 160 }}
                          onChange={(v) => filter({ areaId: v || undefined })}
                          options={[
                            { value: 0, label: t('partner.companies.allAreas') },
                            ...(user?.areaList ?? []).map((a) => ({ value: a.id, label: areaName(a) })),
                          ]}
                          aria-label={t('partner.companies.area')}
                        />
                        <Button type="primary" icon={<SearchOutlined />} onClick={() => filter({ searchText: text.trim() || undefined })}>
                          {t('common.search')}
                        </Button>
                      </Space>
                      <Tooltip title={t('common.refresh')}>
                        <Button
                          icon={<ReloadOutlined />}
                          onClick={() => void qc.invalidateQueries({ queryKey: partnerKeys.all })}
                          aria-label={t('common.refresh')}
                        />
                      </Tooltip>
                    </div>
                    <CompanyTable query={query} onQueryChange={setQuery} onOpen={setOpenId} />
                  </>
                ),
              },
              {
                key: 'audit',
                label: (
                  <Badge count={stats.data?.pendingAudits ?? 0} size="small" offset={[10, -2]}>
                    {t('partner.companies.auditTab')}
                  </Badge>
                ),
                children: <RegistrationAuditTable onOpen={setOpenId} />,
              },
            ]}
          />
        </Card>
      </Flex>
      <CompanyDetailDrawer companyId={openId} onClose={() => setOpenId(null)} />
      <InviteCompanyModal open={inviting} kinds={kinds} onClose={() => setInviting(false)} />
    </CompanyActionsProvider>
  );
}
