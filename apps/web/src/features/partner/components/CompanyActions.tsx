import type { Company } from '@portal/contract';
import { App } from 'antd';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import {
  type InviteKind,
  useCreateRemoteAccessLink,
  useDecideRegistration,
  useFreezeCompany,
  useReinviteCompany,
  useUndoInvite,
} from '../api/partner-api';
import { EditCompanyModal } from './EditCompanyModal';
import { RejectRegistrationModal } from './RejectRegistrationModal';
import { type RemoteLink, RemoteAccessLinkModal } from './RemoteAccessLinkModal';

type Target = Pick<Company, 'id' | 'name' | 'type'>;

export interface CompanyActionHandlers {
  edit(company: Company): void;
  freeze(company: Target, freeze: boolean): void;
  reinvite(company: Target): void;
  undoInvite(company: Target, onDone?: () => void): void;
  approve(company: Target): void;
  reject(company: Target): void;
  remoteAccess(company: Target): void;
}

const Ctx = createContext<CompanyActionHandlers | null>(null);

export function useCompanyActions(): CompanyActionHandlers {
  const v = useContext(Ctx);
  if (!v) throw new Error('useCompanyActions outside CompanyActionsProvider');
  return v;
}

/** Company operations with their confirmations and modals, shared by the table and the detail drawer. */
export function CompanyActionsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<Company | null>(null);
  const [rejecting, setRejecting] = useState<{ companyId: number; name: string } | null>(null);
  const [remote, setRemote] = useState<RemoteLink | null>(null);
  const freeze = useFreezeCompany();
  const reinvite = useReinviteCompany();
  const undo = useUndoInvite();
  const decide = useDecideRegistration();
  const link = useCreateRemoteAccessLink();

  const handlers = useMemo<CompanyActionHandlers>(
    () => ({
      edit: setEditing,
      freeze(c, on) {
        modal.confirm({
          title: on ? t('partner.freeze.freeze') : t('partner.freeze.unfreeze'),
          content: t(on ? 'partner.freeze.freezeConfirm' : 'partner.freeze.unfreezeConfirm', { name: c.name }),
          okButtonProps: { danger: on },
          onOk: async () => {
            try {
              await freeze.mutateAsync({ companyId: c.id, freeze: on });
              notify('success', 'partner-freeze', t(on ? 'partner.freeze.frozen' : 'partner.freeze.unfrozen', { name: c.name }));
            } catch {
              /* shown by the API client */
            }
          },
        });
      },
      reinvite(c) {
        reinvite
          .mutateAsync({ kind: c.type as InviteKind, companyId: c.id })
          .then(() => notify('success', 'partner-reinvite', t('partner.invite.reinviteDone')))
          .catch(() => undefined);
      },
      undoInvite(c, onDone) {
        modal.confirm({
          title: t('partner.invite.undo'),
          content: t('partner.invite.undoConfirm', { name: c.name }),
          okButtonProps: { danger: true },
          onOk: async () => {
            try {
              await undo.mutateAsync(c.id);
              notify('success', 'partner-undo', t('partner.invite.undoDone'));
              onDone?.();
            } catch {
              /* shown by the API client */
            }
          },
        });
      },
      approve(c) {
        modal.confirm({
          title: t('partner.decide.approve'),
          content: t('partner.decide.approveConfirm', { name: c.name }),
          onOk: async () => {
            try {
              await decide.mutateAsync({ companyId: c.id, approve: true });
              notify('success', 'partner-decide', t('partner.decide.approved'));
            } catch {
              /* shown by the API client */
            }
          },
        });
      },
      reject: (c) => setRejecting({ companyId: c.id, name: c.name }),
      remoteAccess(c) {
        link
          .mutateAsync(c.id)
          .then((r) => setRemote({ companyName: c.name, path: r.path, expiresAt: r.expiresAt, sessionMinutes: r.sessionMinutes }))
          .catch(() => undefined);
      },
    }),
    [t, modal, freeze, reinvite, undo, decide, link],
  );

  return (
    <Ctx.Provider value={handlers}>
      {children}
      <EditCompanyModal company={editing} onClose={() => setEditing(null)} />
      <RejectRegistrationModal target={rejecting} onClose={() => setRejecting(null)} />
      <RemoteAccessLinkModal link={remote} onClose={() => setRemote(null)} />
    </Ctx.Provider>
  );
}
