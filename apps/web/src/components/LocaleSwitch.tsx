import { CheckOutlined, GlobalOutlined } from './lite/icons';
import { LOCALES, type Locale } from '@portal/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, currentLocale, setLocale } from '../lib/i18n';
import { notify } from '../lib/notify';
import { Button } from './lite/Button';

/**
 * Language switch for the login page and the header: a button with a small menu below it. Without
 * antd (components/lite/README.md): the login page shows it before antd is loaded.
 * The menu closes on a choice, Escape, or a click elsewhere; arrow keys move between languages.
 */
export function LocaleSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const active = currentLocale();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    // Focus the language in use, as a menu opened from the keyboard should.
    rootRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (locale: Locale) => {
    close();
    // The texts of a language not used yet are loaded first; without a network that fails.
    setLocale(locale).catch(() => notify('error', 'locale-switch', t('errors.network')));
  };
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };

  return (
    <div className="portal-menu-anchor" ref={rootRef}>
      <Button
        ref={buttonRef}
        variant="text"
        className={dark ? 'is-dark' : undefined}
        icon={<GlobalOutlined />}
        // The accessible name starts with the visible label (WCAG 2.5.3, Lighthouse label-content-name-mismatch).
        aria-label={`${LOCALE_LABELS[active]} (${t('common.language')})`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="locale-switch"
        lang={i18n.language}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="portal-locale-label">{LOCALE_LABELS[active]}</span>
      </Button>
      {open ? (
        <div id={menuId} className="portal-menu-popup" role="menu" aria-label={t('common.language')} onKeyDown={onMenuKey}>
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              role="menuitemradio"
              aria-checked={l === active}
              tabIndex={l === active ? 0 : -1}
              lang={l}
              className={`portal-menu-item${l === active ? ' is-active' : ''}`}
              onClick={() => choose(l)}
            >
              <span>{LOCALE_LABELS[l]}</span>
              {l === active ? <CheckOutlined aria-hidden /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
