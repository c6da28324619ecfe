import { normalizeLocale } from '@portal/contract';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import antdEnUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../lib/i18n';
import { QueryProvider } from './QueryProvider';

const portalTheme = {
  algorithm: theme.defaultAlgorithm,
  token: {
    // Keep in step with the --portal-* colours of styles.css, which draw the antd-free shell.
    colorPrimary: '#1668dc',
    // Secondary and description texts at 4.5:1 on white (WCAG AA; antd's 0.45 alpha gives 3.4:1).
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#0b1f3a', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f3f5f8' },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8 },
  },
};

/**
 * antd's theme, texts and context (modal and notification hooks), and the query cache
 * (QueryProvider), for what is drawn with antd: the
 * signed-in layout and every page but login. A chunk of its own, loaded with those pages, so the
 * login page does not download antd (components/lite/README.md).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  // Re-rendered when the language changes; antd's texts of a locale are loaded with the locale.
  const { i18n } = useTranslation();
  // Always an object: a ConfigProvider whose locale goes from none to one wraps its children anew,
  // and everything below it would remount.
  const locale = antdLocaleOf(normalizeLocale(i18n.language)) ?? antdEnUS;
  return (
    <ConfigProvider locale={locale} theme={portalTheme}>
      <AntApp>
        <QueryProvider>{children}</QueryProvider>
      </AntApp>
    </ConfigProvider>
  );
}
