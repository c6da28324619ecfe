/**
 * Home's figures (home/summary): each card only when the server answered it (the caller holds its
 * code), each a link to the screen that shows it in full, filtered.
 */
import { homeCardCount, type HomeSummary } from '@portal/contract';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { useSessionUser } from '../../../lib/session/session-store';
import { formatAmount, formatCount } from '../../../lib/format';
import { useHomeSummary } from '../api/home-api';
import { Sparkline } from './Sparkline';

const TASKS = '/layout/cloudUpgrade/cloudUpgradeIndex?tab=tasks';
const HEALTH = '/layout/dataStatistics/deviceHealth';
/** Amounts are minor units (cents), like every price of the portal. */
const money = formatAmount;

const pct = (v: number | null | undefined) => (v == null ? '-' : `${(v * 100).toFixed(1)}%`);

/** Every card is at least this tall, and so is its placeholder: the page does not move when the figures arrive. */
const CARD_MIN_HEIGHT = 136;

function Section({ title, children, busy }: { title: string; children: ReactNode; busy?: boolean }) {
  return (
    <div aria-busy={busy || undefined}>
      <Typography.Title level={4} style={{ margin: '0 0 12px', fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Row gutter={[16, 16]} data-testid={busy ? 'home-summary-loading' : 'home-summary'}>
        {children}
      </Row>
    </div>
  );
}

function SummaryCard(props: { to: string; title: string; value: ReactNode; note?: ReactNode; extra?: ReactNode; testId: string }) {
  return (
    <Col xs={24} sm={12} xl={6}>
      {/* The link's name is what the card shows (title, figure, note): WCAG 2.5.3, the visible label in the name. */}
      <Link to={props.to} data-testid={props.testId}>
        <Card hoverable variant="borderless" className="portal-card" style={{ height: '100%', minHeight: CARD_MIN_HEIGHT }}>
          <Flex justify="space-between" align="flex-end" gap={8}>
            <Statistic title={props.title} value={props.value as string | number} />
            {props.extra}
          </Flex>
          {props.note && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {props.note}
            </Typography.Text>
          )}
        </Card>
      </Link>
    </Col>
  );
}

export function SummaryCards() {
  const { t } = useTranslation();
  const { data, error, refetch } = useHomeSummary();
  const user = useSessionUser();
  if (error && !data)
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="home-summary-error"
        title={isApiError(error) ? error.message : t('homeSummary.loadFailed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('homeSummary.retry')}
          </Button>
        }
      />
    );
  if (!data) {
    // While the figures load: the room of the cards the user's codes give (what the server answers).
    const expected = homeCardCount(user?.authResList ?? []);
    if (expected === 0) return null;
    return (
      <Section title={t('homeSummary.title')} busy>
        {Array.from({ length: expected }, (_, i) => (
          <Col key={i} xs={24} sm={12} xl={6}>
            <Card variant="borderless" className="portal-card" style={{ height: '100%', minHeight: CARD_MIN_HEIGHT }}>
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Section>
    );
  }
  const s: HomeSummary = data;
  const stats = '/layout/dataStatistics/statsOverview';
  const cards: ReactNode[] = [];
  if (s.devices)
    cards.push(
      <SummaryCard
        key="devices"
        testId="home-card-devices"
        to={`${stats}?days=7`}
        title={t('homeSummary.devices')}
        value={s.devices.total}
        note={t('homeSummary.onlineRate', { rate: pct(s.devices.onlineRate) })}
        extra={<Sparkline values={s.devices.sparkline.map((p) => p.devices)} label={t('homeSummary.sparkline')} />}
      />,
    );
  if (s.activations)
    cards.push(
      <SummaryCard
        key="activations"
        testId="home-card-activations"
        to={`${stats}?days=7`}
        title={t('homeSummary.activations')}
        value={s.activations.thisWeek}
        note={t('homeSummary.lastWeek', { count: s.activations.lastWeek })}
      />,
    );
  if (s.tasks)
    cards.push(
      <SummaryCard
        key="tasks"
        testId="home-card-tasks"
        to={`${TASKS}&status=${s.tasks.inRelease === 0 && s.tasks.paused > 0 ? 'paused' : 'in_release'}`}
        title={t('homeSummary.tasks')}
        value={s.tasks.inRelease}
        note={t('homeSummary.paused', { count: s.tasks.paused })}
      />,
    );
  if (s.upgrade)
    cards.push(
      <SummaryCard
        key="upgrade"
        testId="home-card-upgrade"
        to="/layout/dataStatistics/statsByVersion?days=7"
        title={t('homeSummary.upgradeSuccess')}
        value={pct(s.upgrade.success + s.upgrade.failed === 0 ? null : s.upgrade.success / (s.upgrade.success + s.upgrade.failed))}
        note={t('homeSummary.upgradeCounts', { success: formatCount(s.upgrade.success), failed: formatCount(s.upgrade.failed) })}
      />,
    );
  if (s.sales)
    cards.push(
      <SummaryCard
        key="sales"
        testId="home-card-sales"
        to="/layout/cloudStorageServiceManage/cloudStorageIndex?tab=orders"
        title={t('homeSummary.sales')}
        value={money(s.sales.amount)}
        note={t('homeSummary.salesNote', { count: s.sales.orders, amount: money(s.sales.lastWeekAmount) })}
      />,
    );
  if (s.registrations)
    cards.push(
      <SummaryCard
        key="registrations"
        testId="home-card-registrations"
        to="/layout/accountManage/downstreamCompany"
        title={t('homeSummary.registrations')}
        value={s.registrations.awaiting}
      />,
    );
  if (s.users)
    cards.push(
      <SummaryCard
        key="users"
        testId="home-card-users"
        to="/layout/accountManage/usersManage"
        title={t('homeSummary.lockedUsers')}
        value={s.users.locked}
      />,
    );
  if (s.attention) {
    const a = s.attention;
    const items = [
      a.pausedByGate > 0 && t('homeSummary.pausedByGate', { count: a.pausedByGate }),
      a.failedSync > 0 && t('homeSummary.failedSync', { count: a.failedSync }),
      a.failedTwice > 0 && t('homeSummary.failedTwice', { count: a.failedTwice }),
      a.onlineRateDrop !== null && a.onlineRateDrop >= 5 && t('homeSummary.onlineDrop', { points: a.onlineRateDrop }),
      a.logsUploaded > 0 && t('homeSummary.logsUploaded', { count: a.logsUploaded }),
    ].filter((x): x is string => typeof x === 'string');
    // The screen of the first matter: the paused tasks, the packages, or the device-health list.
    const to =
      a.pausedByGate > 0 && s.tasks
        ? `${TASKS}&status=paused`
        : a.failedSync > 0 && s.tasks
          ? '/layout/cloudUpgrade/cloudUpgradeIndex'
          : a.onlineRateDrop !== null && a.onlineRateDrop >= 5 && a.failedTwice === 0
            ? `${HEALTH}?state=offline`
            : HEALTH;
    cards.push(
      <SummaryCard
        key="attention"
        testId="home-card-attention"
        to={to}
        title={t('homeSummary.attention')}
        value={items.length}
        note={items.length ? items.join(' · ') : t('homeSummary.allWell')}
      />,
    );
  }
  if (cards.length === 0) return null;
  return <Section title={t('homeSummary.title')}>{cards}</Section>;
}
