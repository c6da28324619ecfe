import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PublicShell } from '../../../components/PublicShell';
import { useBranding } from '../../../lib/branding';
import { useBrandTerms } from '../api/auth-api';

export const TERM_TYPES = ['service', 'privacy'] as const;
type TermType = (typeof TERM_TYPES)[number];

interface TermSection {
  heading: string;
  body: string;
}

/** The brand's own terms (released on its content site), else today's built-in text. */
function TermText({ type, brand }: { type: TermType; brand: string }) {
  const { data, isPending } = useBrandTerms(type);
  if (isPending) return null;
  const own = data?.terms;
  if (!own) return <BuiltInTermText type={type} brand={brand} />;
  return (
    <article className="portal-terms" data-testid={`terms-${type}`}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {own.title}
      </Typography.Title>
      <Typography.Text type="secondary">{own.effectiveDate}</Typography.Text>
      {own.paragraphs.map((p, i) => (
        <Typography.Paragraph key={i} style={{ marginTop: i === 0 ? 16 : undefined }}>
          {p}
        </Typography.Paragraph>
      ))}
    </article>
  );
}

function BuiltInTermText({ type, brand }: { type: TermType; brand: string }) {
  const { t } = useTranslation();
  const sections = t(`terms.${type}.sections`, { returnObjects: true, brand }) as unknown as TermSection[];
  return (
    <article className="portal-terms" data-testid={`terms-${type}`}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t(`terms.${type}.title`)}
      </Typography.Title>
      <Typography.Text type="secondary">{t('terms.updated')}</Typography.Text>
      <Typography.Paragraph style={{ marginTop: 16 }}>{t(`terms.${type}.intro`, { brand })}</Typography.Paragraph>
      {Array.isArray(sections) &&
        sections.map((s, i) => (
          <section key={s.heading}>
            <Typography.Title level={4}>{`${i + 1}. ${s.heading}`}</Typography.Title>
            <Typography.Paragraph>{s.body}</Typography.Paragraph>
          </section>
        ))}
    </article>
  );
}

/** Terms of service and privacy policy (/term/service, /term/privacy). */
export default function TermPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type } = useParams();
  const { data: branding } = useBranding();
  const brand = branding?.companyName || branding?.extra.title || t('app.name');
  if (!TERM_TYPES.includes(type as TermType)) return <Navigate to="/term/service" replace />;
  const current = type as TermType;
  return (
    <PublicShell titleKey={`terms.${current}.title`} width={860}>
      <Card variant="borderless" className="portal-card" styles={{ body: { padding: '16px 40px 40px' } }}>
        <Tabs
          activeKey={current}
          onChange={(k) => void navigate(`/term/${k}`)}
          items={TERM_TYPES.map((k) => ({ key: k, label: t(`terms.${k}.title`), children: <TermText type={k} brand={brand} /> }))}
        />
      </Card>
    </PublicShell>
  );
}
