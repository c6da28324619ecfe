import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@portal/contract';
import { Button, Flex, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, currentLocale, setLocale } from '../lib/i18n';
import { notify } from '../lib/notify';

/**
 * Language switch for the login page and the header: a small popover menu (not antd's Dropdown,
 * whose menu would double what the login page downloads before it can be used).
 */
export function LocaleSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = currentLocale();
  const choose = (locale: Locale) => {
    setOpen(false);
    // The texts of a language not used yet are loaded first; without a network that fails.
    setLocale(locale).catch(() => notify('error', 'locale-switch', t('errors.network')));
  };
  const menu = (
    <Flex vertical role="menu" aria-label={t('common.language')} style={{ minWidth: 120 }}>
      {LOCALES.map((l) => (
        <Button
          key={l}
          type="text"
          role="menuitemradio"
          aria-checked={l === active}
          lang={l}
          onClick={() => choose(l)}
          style={{ justifyContent: 'space-between', fontWeight: l === active ? 600 : undefined }}
        >
          {LOCALE_LABELS[l]}
          {l === active ? <CheckOutlined /> : null}
        </Button>
      ))}
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" arrow={false} open={open} onOpenChange={setOpen} content={menu} styles={{ container: { padding: 4 } }}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('common.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="locale-switch"
        lang={i18n.language}
        style={dark ? { color: 'rgba(255,255,255,0.88)' } : undefined}
      >
        {LOCALE_LABELS[active]}
      </Button>
    </Popover>
  );
}
