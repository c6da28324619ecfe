import { RightOutlined } from '../../../components/icons';
import { Avatar, Card, Col, Descriptions, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAreaName } from '../../../lib/areas';
import { MenuIcon } from '../../../lib/navigation/menu-icons';
import { useNavigation } from '../../../lib/navigation/nav-context';
import { currentAreaOf, roleKeys } from '../../../lib/roles';
import { useSessionUser } from '../../../lib/session/session-store';
import { SummaryCards } from '../components/SummaryCards';

function greetingKey(hour: number): string {
  if (hour < 12) return 'home.greetingMorning';
  if (hour < 18) return 'home.greetingAfternoon';
  return 'home.greetingEvening';
}

/** Welcome with the user's company, role and area, the summary cards the user's codes allow, and shortcuts to every module the user can see. */
export default function HomePage() {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const user = useSessionUser();
  const { leaves } = useNavigation();
  if (!user) return null;
  const { typeKey, authKey } = roleKeys(user);
  const area = currentAreaOf(user);
  const shortcuts = leaves.filter((l) => l.key !== 'home');

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" className="portal-welcome" styles={{ body: { padding: '24px 28px' } }}>
        <Flex gap={20} align="center" wrap>
          <Avatar size={56} style={{ background: 'rgba(255,255,255,0.18)', fontSize: 24, flex: 'none' }}>
            {user.nickName.charAt(0).toUpperCase()}
          </Avatar>
          <div style={{ flex: '1 1 360px', minWidth: 240 }}>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="welcome-title">
              {t(greetingKey(new Date().getHours()), { name: user.nickName })}
            </Typography.Title>
            <Typography.Text style={{ opacity: 0.8 }}>{t('home.subtitle')}</Typography.Text>
          </div>
          <Descriptions
            size="small"
            layout="vertical"
            colon={false}
            column={{ xs: 1, sm: 3 }}
            style={{ flex: '1 1 420px', minWidth: 320 }}
            items={[
              { key: 'company', label: t('home.company'), children: <span data-testid="home-company">{user.coName}</span> },
              { key: 'role', label: t('home.role'), children: <span data-testid="home-role">{`${t(typeKey)} · ${t(authKey)}`}</span> },
              { key: 'area', label: t('home.area'), children: <span data-testid="home-area">{area ? areaName(area) : '-'}</span> },
            ]}
          />
        </Flex>
      </Card>

      <SummaryCards />

      <div>
        {/* The level after the welcome's h3 (no level skipped). */}
        <Typography.Title level={4} style={{ margin: '0 0 12px', fontSize: 16 }}>
          {t('home.shortcuts')}
        </Typography.Title>
        {shortcuts.length === 0 ? (
          <Card variant="borderless" className="portal-card">
            <Empty description={t('home.noShortcuts')} />
          </Card>
        ) : (
          <Row gutter={[16, 16]} data-testid="home-shortcuts">
            {shortcuts.map((s) => (
              <Col key={s.key} xs={24} sm={12} lg={8} xxl={6}>
                <Link to={s.path} aria-label={t(s.titleKey)}>
                  <Card hoverable variant="borderless" className="portal-card portal-shortcut" styles={{ body: { padding: 18 } }}>
                    <Flex gap={14} align="flex-start">
                      <span className="portal-shortcut-icon">{s.icon ? <MenuIcon name={s.icon} /> : null}</span>
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Flex justify="space-between" align="center">
                          <Typography.Text strong>{t(s.titleKey)}</Typography.Text>
                          <RightOutlined style={{ color: 'rgba(0,0,0,0.25)', fontSize: 12 }} />
                        </Flex>
                        {s.descKey && (
                          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 13 }} ellipsis={{ rows: 2 }}>
                            {t(s.descKey)}
                          </Typography.Paragraph>
                        )}
                      </div>
                    </Flex>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </div>
    </Flex>
  );
}
