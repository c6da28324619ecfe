import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@portal/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, currentLocale, setLocale } from '../lib/i18n';

/** Language switch for the login page and the header. */
export function LocaleSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = currentLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: LOCALES.map((l) => ({ key: l, label: LOCALE_LABELS[l] })),
        onClick: ({ key }) => void setLocale(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('common.language')}
        data-testid="locale-switch"
        lang={i18n.language}
        style={dark ? { color: 'rgba(255,255,255,0.88)' } : undefined}
      >
        {LOCALE_LABELS[active]}
      </Button>
    </Dropdown>
  );
}
