/**
 * Who may do what with a company (SPEC §4 invitation and audit, §6 codes): a downstream company,
 * its registration and the caller's own corporate information, and the partner module's own
 * actions (the kinds of company the caller may invite). Each policy answers the `actions` (the
 * presenters, customer/partner/abilities) and refuses the calls (partner services) with the same
 * decision. Rules:
 * - only companies strictly below the caller's are managed (own company and ancestors: 1004);
 * - update, freeze, unfreeze, approve, reject and remote access need dealer_account_mgr; the
 *   invitation moves need the code of their kind's call (installer: dealer_installerinvite_mgr,
 *   dealer: dealer_account_mgr, sub-customer: dealer_subcustomerinvite_mgr), and the inviter's
 *   company type must invite that kind (a dealer link: partners only, 7044);
 * - re-invite and revoke only while the company has not registered (its latest link unused; revoke
 *   also only while nobody works there); a registration is decided once (7052 for the same decision again);
 * - a remote-access visit (7050) does not invite, re-invite, open remote access or change the consent switch;
 * - the machines (invitation, audit) decide whether a move fits the state (1017).
 */
import {
  auditMachine,
  COMPANY_ACTIONS,
  CORP_INFO_ACTIONS,
  ErrorCodes,
  invitationMachine,
  PARTNER_ACTIONS,
  REGISTRATION_AUDIT_ACTIONS,
  type AuditState,
  type CompanyAction,
  type CompanyType,
  type CorpInfoAction,
  type InvitationKind,
  type PartnerAction,
  type RegistrationAuditAction,
  type ResourceCode,
} from '@portal/contract';
import type { Actor } from '../../lib/context';
import { definePolicy, needsCode, notRemote, refuse, type Refusal } from '../../lib/policy';

/** Which company types may invite which kind. */
const INVITERS: Record<InvitationKind, readonly CompanyType[]> = {
  installer: ['partner', 'distributor'],
  distributor: ['partner'],
  customer: ['partner', 'distributor', 'installer'],
};
/** The code of a kind's invite and re-invite calls (their contract `auth`). */
const INVITE_CODE: Record<InvitationKind, ResourceCode> = {
  installer: 'dealer_installerinvite_mgr',
  distributor: 'dealer_account_mgr',
  customer: 'dealer_subcustomerinvite_mgr',
};
/** Who may revoke an invitation of a kind: its inviting code, or account management. */
const UNDO_CODES: Record<InvitationKind, readonly ResourceCode[]> = {
  installer: ['dealer_installerinvite_mgr', 'dealer_account_mgr'],
  distributor: ['dealer_account_mgr'],
  customer: ['dealer_subcustomerinvite_mgr', 'dealer_account_mgr'],
};
/** The module's invite action of each kind. */
export const INVITE_ACTION: Record<InvitationKind, PartnerAction> = {
  installer: 'inviteInstaller',
  distributor: 'inviteDistributor',
  customer: 'inviteCustomer',
};
const KIND_OF_ACTION = Object.fromEntries(Object.entries(INVITE_ACTION).map(([k, a]) => [a, k])) as Record<PartnerAction, InvitationKind>;

/** The kind an invited company's type stands for. */
export function kindOf(type: string): InvitationKind | null {
  return type === 'installer' || type === 'distributor' || type === 'customer' ? type : null;
}

/** Company status as a state of the invitation machine ('active' is its 'activated'). */
export function invitationState(status: string) {
  return status === 'active' ? 'activated' : (status as 'inactive' | 'frozen');
}

const isBelow = (actor: Pick<Actor, 'companyPath'>, path: string) => path !== actor.companyPath && path.startsWith(actor.companyPath);

function mayInvite(actor: Actor, kind: InvitationKind): Refusal | null {
  if (INVITERS[kind].includes(actor.companyType as CompanyType)) return null;
  return refuse(kind === 'distributor' ? ErrorCodes.partnerOnly : ErrorCodes.forbidden, `a ${actor.companyType} does not invite a ${kind}`);
}

/** What a company's actions depend on besides its row (read by `companyFacts` in the repository). */
export interface CompanyFacts {
  /** Status of the latest invitation (pending, used, replaced, revoked), null when never invited. */
  invitation: string | null;
  /** The registration audit's state, null when the company registered without one. */
  audit: AuditState | null;
  /** Any user (deleted ones too) or child company: the company is in use. */
  hasMembers: boolean;
  hasChildren: boolean;
  /** The owner account that remote access opens. */
  hasOwner: boolean;
}
export const NO_FACTS: CompanyFacts = { invitation: null, audit: null, hasMembers: false, hasChildren: false, hasOwner: false };

/**
 * The facts change the answer only for a company not activated yet (invitation and audit moves)
 * or an active one open to superior access (remote access); for any other company the policy
 * refuses those actions on its status alone, so a list reads the facts of these rows only.
 */
export const factsMatter = (c: { status: string; allowSuperiorAccess: boolean }) =>
  c.status === 'inactive' || (c.status === 'active' && c.allowSuperiorAccess);

export interface CompanySubject {
  path: string;
  type: string;
  status: string;
  allowSuperiorAccess: boolean;
  facts: CompanyFacts;
}

export interface RegistrationSubject {
  companyPath: string;
  companyStatus: string;
  audit: AuditState | null;
}

/** Deciding a registration: a pending audit of a company below the caller that is not activated yet. */
export const registrationPolicy = definePolicy<RegistrationAuditAction, RegistrationSubject>({
  name: 'registration',
  actions: REGISTRATION_AUDIT_ACTIONS,
  refusal(actor, r, action) {
    if (!isBelow(actor, r.companyPath)) return refuse(ErrorCodes.notFound, 'not below the caller');
    const noCode = needsCode(actor, 'dealer_account_mgr');
    if (noCode) return noCode;
    if (!r.audit) return refuse(ErrorCodes.notFound, 'no registration audit');
    // The same decision again (a double submit): "already done", not "illegal transition".
    if (r.audit === (action === 'approve' ? 'passed' : 'rejected')) return refuse(ErrorCodes.alreadyDone);
    if (!auditMachine.can(r.audit, action) || r.companyStatus !== 'inactive')
      return refuse(ErrorCodes.illegalTransition, `${action} of a ${r.audit} audit`);
    return null;
  },
});

/** The latest link is unused and the company not activated: it can be sent again or revoked. */
function invitationOpen(c: CompanySubject): Refusal | null {
  if (!invitationMachine.can(invitationState(c.status), 'reinvite')) return refuse(ErrorCodes.illegalTransition, `company ${c.status}`);
  if (c.facts.invitation === null || c.facts.invitation === 'used')
    return refuse(ErrorCodes.illegalTransition, 'registered or never invited');
  return null;
}

export const companyPolicy = definePolicy<CompanyAction, CompanySubject>({
  name: 'company',
  actions: COMPANY_ACTIONS,
  refusal(actor, c, action) {
    if (!isBelow(actor, c.path)) return refuse(ErrorCodes.notFound, 'not below the caller');
    switch (action) {
      case 'update':
        return needsCode(actor, 'dealer_account_mgr');
      case 'freeze':
      case 'unfreeze':
        return (
          needsCode(actor, 'dealer_account_mgr') ??
          (invitationMachine.can(invitationState(c.status), action) ? null : refuse(ErrorCodes.illegalTransition))
        );
      case 'reinvite': {
        const kind = kindOf(c.type);
        if (!kind) return refuse(ErrorCodes.notFound, `a ${c.type} is not invited`);
        return notRemote(actor) ?? needsCode(actor, INVITE_CODE[kind]) ?? mayInvite(actor, kind) ?? invitationOpen(c);
      }
      case 'undoInvite': {
        const kind = kindOf(c.type);
        if (!kind) return refuse(ErrorCodes.notFound, `a ${c.type} is not invited`);
        return (
          needsCode(actor, ...UNDO_CODES[kind]) ??
          invitationOpen(c) ??
          (c.facts.hasMembers || c.facts.hasChildren ? refuse(ErrorCodes.illegalTransition, 'users or companies below') : null)
        );
      }
      case 'approve':
      case 'reject':
        return registrationPolicy.refusal(actor, { companyPath: c.path, companyStatus: c.status, audit: c.facts.audit }, action);
      case 'remoteAccess':
        return (
          notRemote(actor) ??
          needsCode(actor, 'dealer_account_mgr') ??
          (!c.allowSuperiorAccess
            ? refuse(ErrorCodes.remoteAccessNotAllowed)
            : c.status !== 'active'
              ? refuse(ErrorCodes.illegalTransition, `company ${c.status}`)
              : c.facts.hasOwner
                ? null
                : refuse(ErrorCodes.notFound, 'no owner account'))
        );
    }
  },
});

/** The module's own actions (customer/partner/abilities): which kinds of company the caller may invite. */
export const partnerPolicy = definePolicy<PartnerAction, null>({
  name: 'partner network',
  actions: PARTNER_ACTIONS,
  refusal(actor, _none, action) {
    const kind = KIND_OF_ACTION[action];
    return notRemote(actor) ?? needsCode(actor, INVITE_CODE[kind]) ?? mayInvite(actor, kind);
  },
});

/** The caller's own company: edit the details and the logo; the consent switch is never a remote visit's. */
export const corpInfoPolicy = definePolicy<CorpInfoAction, null>({
  name: 'corporate information',
  actions: CORP_INFO_ACTIONS,
  refusal(actor, _none, action) {
    return (action === 'setRemoteAccess' ? notRemote(actor) : null) ?? needsCode(actor, 'dealer_account_mgr');
  },
});
