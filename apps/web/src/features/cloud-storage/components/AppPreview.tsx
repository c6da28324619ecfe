import { useTranslation } from 'react-i18next';
import { formatMoney } from './money';

/** The goods as the app shows them (a phone-width card): cover, name, price, period, graphic information with its detail images, and the terms. */
export function AppPreview(p: {
  name: string;
  coverUrl: string | null;
  price: number | null;
  graphic: string;
  terms: string;
  images: string[];
  serviceDays: number | null;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="app-preview"
      style={{
        width: 300,
        border: '8px solid #222',
        borderRadius: 24,
        overflow: 'hidden',
        background: '#fff',
        maxHeight: 560,
        overflowY: 'auto',
      }}
    >
      {p.coverUrl ? (
        <img src={p.coverUrl} alt="" style={{ width: '100%', display: 'block' }} />
      ) : (
        <div style={{ height: 120, background: '#f0f0f0' }} />
      )}
      <div style={{ padding: 12 }}>
        <div style={{ fontWeight: 600, fontSize: 16 }}>{p.name || t('storage.goods.name')}</div>
        <div style={{ color: '#b34700', fontSize: 18 }}>{formatMoney(p.price)}</div>
        {p.serviceDays !== null && <div style={{ color: '#595959' }}>{t('storage.plan.serviceDaysValue', { count: p.serviceDays })}</div>}
        <RichText html={p.graphic} title={t('storage.goods.graphic')} />
        {p.images.map((src) => (
          <img key={src} src={src} alt="" style={{ width: '100%', display: 'block' }} />
        ))}
        {p.terms && (
          <div style={{ marginTop: 8, fontSize: 12, color: '#595959' }}>
            <div style={{ fontWeight: 600 }}>{t('storage.goods.terms')}</div>
            <RichText html={p.terms} title={t('storage.goods.terms')} />
          </div>
        )}
      </div>
    </div>
  );
}

/** Seller-written HTML, shown in a sandboxed frame (no scripts run); the server cleans it when saved. */
function RichText({ html, title }: { html: string; title: string }) {
  if (!html.trim()) return null;
  return (
    <iframe
      sandbox=""
      title={title}
      srcDoc={`<body style="margin:0;font:13px sans-serif">${html}</body>`}
      style={{ width: '100%', height: 80, border: 0, display: 'block', marginTop: 8 }}
    />
  );
}
