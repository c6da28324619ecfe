import { partnerCalls, type SessionTokens, TOKEN_REDIRECT_DELAY_MS } from '@portal/contract';
import { Button, Card, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { PublicShell } from '../../../components/PublicShell';
import { ApiError } from '../../../lib/api/api-error';
import { call } from '../../../lib/api/client';
import { saveSession } from '../../../lib/session/session-store';

/** One exchange per link even when React runs effects twice: the token is single-use. */
const exchanges = new Map<string, Promise<SessionTokens>>();

function exchange(grantId: number, token: string, coId: number): Promise<SessionTokens> {
  const key = `${grantId}/${token}/${coId}`;
  let p = exchanges.get(key);
  if (!p) {
    p = call(partnerCalls.exchangeRemoteAccess, { grantId, token, coId }, { silent: true });
    exchanges.set(key, p);
  }
  return p;
}

/**
 * /remote-access-login/{grantId}/{token}/{coId}: exchanges the one-time link for a session in the
 * account (kept in this tab's sessionStorage, like the SSO exchange), then opens the portal, where
 * the remote-access banner names both identities and offers the way back.
 */
export default function RemoteAccessLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { grantId = '', token = '', coId = '' } = useParams();
  const [state, setState] = useState<'pending' | 'done' | { message: string }>('pending');

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const g = Number(grantId);
    const c = Number(coId);
    const pending =
      Number.isSafeInteger(g) && Number.isSafeInteger(c) && token ? exchange(g, token, c) : Promise.reject(new Error('malformed link'));
    pending.then(
      (tokens) => {
        if (cancelled) return;
        saveSession(tokens);
        setState('done');
        timer = setTimeout(() => navigate('/layout', { replace: true }), TOKEN_REDIRECT_DELAY_MS);
      },
      (e: unknown) => {
        if (!cancelled)
          setState({ message: e instanceof ApiError && e.kind === 'server' ? e.message : t('partner.remoteLogin.failedText') });
      },
    );
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
    // The exchange depends on the link only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [grantId, token, coId]);

  if (state === 'pending') return <PageSpinner full labelKey="partner.remoteLogin.signingIn" />;
  return (
    <PublicShell titleKey="publicPages.remoteLogin" width={560}>
      <Card variant="borderless" className="portal-card">
        {state === 'done' ? (
          <Result
            status="success"
            title={t('partner.remoteLogin.done')}
            subTitle={t('partner.remoteLogin.redirecting')}
            data-testid="remote-login-done"
          />
        ) : (
          <Result
            status="warning"
            title={t('partner.remoteLogin.failedTitle')}
            subTitle={state.message}
            extra={
              <Button type="primary" onClick={() => void navigate('/login')}>
                {t('partner.remoteLogin.backToLogin')}
              </Button>
            }
            data-testid="remote-login-failed"
          />
        )}
      </Card>
    </PublicShell>
  );
}
