import { normalizeLocale } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { antdLocaleOf } from '../lib/i18n';
import { setMessageApi } from '../lib/notify';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import type { QueryClient } from '@tanstack/react-query';

/** Registers antd's context-aware message API for toasts raised outside React (the API client). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi({ open: (config) => message.open(config) });
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

export const portalTheme = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#0b1f3a', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f3f5f8' },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8 },
  },
};

export function AppProviders({ children, client = defaultQueryClient }: { children: ReactNode; client?: QueryClient }) {
  // Re-rendered when the language changes; antd's texts of a locale are loaded with the locale.
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={antdLocaleOf(normalizeLocale(i18n.language))} theme={portalTheme}>
        <AntApp message={{ maxCount: 5, top: 64 }}>
          <MessageBridge />
          <LoadingOverlay />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
