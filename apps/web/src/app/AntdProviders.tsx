import { normalizeLocale } from '@portal/contract';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import antdEnUS from 'antd/es/locale/en_US';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../lib/i18n';
import { QueryProvider } from './QueryProvider';

const portalTheme = {
  algorithm: theme.defaultAlgorithm,
  token: {
    // Keep in step with the --portal-* colours of styles.css, which draw the antd-free shell.
    colorPrimary: '#1668dc',
    // antd lightens a hovered primary button to #3c8ae8 (white text 3.5:1, under AA while the pointer
    // rests on it after a click): hover and press darken instead (6.9:1 and 9.3:1).
    colorPrimaryHover: '#0f56b9',
    colorPrimaryActive: '#0b4494',
    colorLinkHover: '#0f56b9',
    colorLinkActive: '#0b4494',
    borderRadius: 6,
    // WCAG AA contrast (issue 11 §3, checked by e2e/specs/app/a11y.spec.ts): antd's defaults draw
    // secondary text, breadcrumbs, statistic titles and empty states in #8c8c8c (3.4:1), placeholders
    // at 1.8:1, success/warning/error text (tags, danger buttons) and the light preset tags (green,
    // orange, cyan, gold, lime, volcano) under 4.5:1. Text colours are darkened once, here.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Links and the processing tag: antd derives colorLink from colorInfo (#1677ff, 4.1:1).
    colorInfo: '#1668dc',
    colorLink: '#1668dc',
    // Status text dark enough on the light status backgrounds, which are kept light explicitly
    // (antd would derive muddy ones from a dark seed).
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#a35200',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffccc7',
    // The light preset tag colours (green, lime, cyan...) are darkened in styles.css: antd does not
    // take palette overrides (green7...) from the theme for its preset tags.
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#0b1f3a', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f3f5f8' },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8 },
  },
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.(REDUCED_MOTION).matches;

/** Whether the user asked the system for less motion (followed live, as the setting changes). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

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
  // A user who asked the system for less motion gets drawers, dialogs, menus and messages that
  // appear and go without sliding or fading (antd's motion token; WCAG 2.3.3).
  const reducedMotion = useReducedMotion();
  const themeConfig = useMemo(
    () => (reducedMotion ? { ...portalTheme, token: { ...portalTheme.token, motion: false } } : portalTheme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      <AntApp>
        <QueryProvider>{children}</QueryProvider>
      </AntApp>
    </ConfigProvider>
  );
}
