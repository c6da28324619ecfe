import { authCalls } from '@portal/contract';
import { call } from '../api/client';
import { hideLoading, showLoading } from '../loading';
import { navigateTo } from '../navigation/navigator';
import { clearSessionData } from './session-data';
import { clearSession, getSession } from './session-store';

/**
 * Log out: tell the server, clear the session, and go where the server says (the unified-domain
 * login or the regional host's login); the local login page when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  showLoading('layout.loggingOut');
  let redirect = '/login';
  try {
    if (getSession()) redirect = (await call(authCalls.logout, {}, { silent: true })).redirect || '/login';
  } catch {
    redirect = '/login';
  } finally {
    clearSession({ logout: true });
    clearSessionData();
    hideLoading();
  }
  navigateTo(redirect, { replace: true });
}
