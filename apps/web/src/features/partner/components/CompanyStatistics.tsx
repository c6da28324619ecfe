import { ApartmentOutlined, AuditOutlined, TeamOutlined } from '../../../components/icons';
import type { CompanyStatistics as Stats } from '@portal/contract';
import { Card, Col, Flex, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyStatistics } from '../api/partner-api';
import { formatCount } from '../../../lib/format';

const STATUS_COLORS: Record<string, string> = { active: '#52c41a', inactive: '#bfbfbf', frozen: '#1677ff' };

/** Horizontal bars: one row per key, its share of the total. */
function Bars({ rows, total, color }: { rows: { label: string; count: number; color?: string }[]; total: number; color: string }) {
  const { t } = useTranslation();
  if (!rows.length) return <Typography.Text type="secondary">{t('partner.stats.none')}</Typography.Text>;
  return (
    <Flex vertical gap={6}>
      {rows.map((r) => (
        <div key={r.label}>
          <Flex justify="space-between" style={{ fontSize: 12 }}>
            <span>{r.label}</span>
            <Typography.Text strong>{formatCount(r.count)}</Typography.Text>
          </Flex>
          <Progress
            aria-label={r.label}
            percent={total ? Math.round((r.count / total) * 100) : 0}
            showInfo={false}
            size="small"
            strokeColor={r.color ?? color}
          />
        </div>
      ))}
    </Flex>
  );
}

/** Companies by type, state and area; users against the limit (SPEC §7 partner-company statistics). */
export function CompanyStatistics() {
  const { t } = useTranslation();
  const { data } = useCompanyStatistics();
  if (!data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const s: Stats = data;
  const usage = s.users.limit ? Math.round((s.users.count / s.users.limit) * 100) : 0;
  return (
    <Row gutter={[16, 16]} data-testid="company-statistics">
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="portal-card" style={{ height: '100%' }}>
          <Statistic title={t('partner.stats.total')} value={s.total} prefix={<ApartmentOutlined />} />
          <div style={{ marginTop: 12 }}>
            <Bars
              total={s.total}
              color="#1677ff"
              rows={s.byStatus.map((r) => ({ label: t(`partner.status.${r.key}`), count: r.count, color: STATUS_COLORS[r.key] }))}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="portal-card" title={t('partner.stats.byType')} size="small" style={{ height: '100%' }}>
          <Bars total={s.total} color="#722ed1" rows={s.byType.map((r) => ({ label: t(`userType.${r.key}`), count: r.count }))} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="portal-card" title={t('partner.stats.byArea')} size="small" style={{ height: '100%' }}>
          <Bars
            total={s.total}
            color="#13c2c2"
            rows={s.byArea.map((r) => ({ label: r.areaName || t('partner.stats.noArea'), count: r.count }))}
          />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="portal-card" style={{ height: '100%' }}>
          <Flex align="center" gap={16}>
            <Progress
              type="dashboard"
              aria-label={t('partner.stats.users')}
              percent={usage}
              size={88}
              status={usage >= 100 ? 'exception' : 'normal'}
            />
            <div>
              <Typography.Text type="secondary">
                <TeamOutlined /> {t('partner.stats.users')}
              </Typography.Text>
              <div style={{ fontSize: 16, fontWeight: 600 }}>
                {t('partner.stats.usersOf', { used: formatCount(s.users.count), limit: formatCount(s.users.limit) })}
              </div>
              <Typography.Text type="secondary">
                <AuditOutlined /> {t('partner.stats.pendingAudits')}:{' '}
              </Typography.Text>
              <Typography.Text strong type={s.pendingAudits ? 'warning' : undefined} data-testid="pending-audits">
                {s.pendingAudits}
              </Typography.Text>
            </div>
          </Flex>
          {s.atLimit.length > 0 && (
            <div style={{ marginTop: 8, fontSize: 12 }}>
              <Typography.Text type="secondary">{t('partner.stats.atLimit')}: </Typography.Text>
              {s.atLimit
                .slice(0, 3)
                .map((c) => `${c.name} (${c.userCount}/${c.userLimit})`)
                .join(', ')}
            </div>
          )}
        </Card>
      </Col>
    </Row>
  );
}
