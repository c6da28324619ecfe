import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadFeatureTexts, loadLocale, setLocale } from '../lib/i18n';
import { resetApiClientState } from '../lib/api/client';
import { hideLoading } from '../lib/loading';
import { clearSession } from '../lib/session/session-store';
import { resetBrandingStore } from '../lib/branding';
import { dismissAllToasts } from '../lib/notify';
import { resetScreenWidth } from './screen';

// Pages are lazy chunks: the first one a test file opens is transformed on demand, which on a
// loaded two-core CI machine (other suites beside it) can take several seconds: waits allow 15 s.
configure({ asyncUtilTimeout: 15_000 });

// Both languages' texts, the shell's and the features', as a page has them once it has loaded them
// (the features' texts come with the first page beyond /login: lib/i18n loadFeatureTexts).
await loadFeatureTexts();
await Promise.all([loadLocale('en-US'), loadLocale('zh-CN')]);

// A worker runs many files in one module registry (vitest.config.ts: isolate false): each file starts
// as a fresh page would, in en-US, signed out, with no renewal behind it and no overlay up.
await setLocale('en-US');
sessionStorage.clear();
localStorage.clear();
clearSession();
resetApiClientState();
hideLoading();

// jsdom lacks the layout APIs antd's responsive components use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserver });
}
// jsdom's getComputedStyle walks every stylesheet on each call, and antd's CSS-in-JS injects many;
// layout is not under test here, so answer from the inline style only (and ignore pseudo elements,
// which jsdom does not implement).
window.getComputedStyle = ((elt: Element) => {
  const inline = (elt as HTMLElement).style;
  return new Proxy(inline ?? ({} as CSSStyleDeclaration), {
    get(target, prop) {
      if (prop === 'getPropertyValue') return (name: string) => target?.getPropertyValue?.(name) ?? '';
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : (value ?? '');
    },
  });
}) as typeof window.getComputedStyle;

afterEach(() => {
  cleanup();
  resetBrandingStore();
  dismissAllToasts();
  resetScreenWidth();
  sessionStorage.clear();
  localStorage.clear();
});
