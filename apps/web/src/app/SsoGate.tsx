import { type SessionTokens, TOKEN_REDIRECT_DELAY_MS, authRefs, normalizeLocale, type ssoCalls } from '@portal/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { StatusResult } from '../components/StatusResult';
import { callRef } from '../lib/api/client';
import { setLocale } from '../lib/i18n';
import { saveSearchInfo, saveSession } from '../lib/session/session-store';

/** One exchange per token even when React runs effects twice: the token is single-use. */
const exchanges = new Map<string, Promise<SessionTokens>>();

function exchange(token: string): Promise<SessionTokens> {
  let p = exchanges.get(token);
  if (!p) {
    p = callRef<typeof ssoCalls.exchangeSsoToken>(authRefs.exchangeSsoToken, { token });
    exchanges.set(token, p);
    p.catch(() => exchanges.delete(token));
  }
  return p;
}

function SsoExchange({ token }: { token: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const params = new URLSearchParams(location.search);
    const locale = params.get('locale');
    if (locale) void setLocale(normalizeLocale(locale));
    params.delete('token');
    params.delete('locale');
    const rest = params.toString();
    const path = location.pathname === '/' || location.pathname.startsWith('/login') ? '/layout' : location.pathname;
    // A link made for the hash-routed portal (/?token=X#/layout/logs) names its route in the hash:
    // that route is where the user goes (SPEC §2 "moved to the hash route").
    const hashRoute = location.hash.startsWith('#/') ? location.hash.slice(1) : null;
    const target = hashRoute ?? `${path}${rest ? `?${rest}` : ''}${location.hash}`;
    exchange(token).then(
      (tokens) => {
        if (cancelled) return;
        saveSession(tokens);
        saveSearchInfo(Object.fromEntries(params));
        setDone(true);
        timer = setTimeout(() => navigate(target, { replace: true }), TOKEN_REDIRECT_DELAY_MS);
      },
      () => {
        if (!cancelled) navigate('/login', { replace: true });
      },
    );
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
    // The exchange depends on the token only; the location is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  if (!done) return <PageSpinner full labelKey="sso.signingIn" />;
  return (
    <div className="portal-center-screen" data-testid="sso-gate">
      <StatusResult status="success" title={t('sso.signedIn')} subTitle={t('sso.redirecting')} />
    </div>
  );
}

/**
 * A URL carrying `token` (single sign-on or remote access, e.g. /layout/home?token=X&locale=zh-CN,
 * or /?token=X#/layout/home as links to the hash-routed portal were made) signs the user in: the
 * token is exchanged for a session, the locale and the other query parameters are stored, and after
 * TOKEN_REDIRECT_DELAY_MS the user moves to the route (the hash route when the URL has one).
 */
export function SsoGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = new URLSearchParams(location.search).get('token');
  if (!token) return <>{children}</>;
  return <SsoExchange key={token} token={token} />;
}
