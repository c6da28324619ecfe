import { partnerCalls, type InvitationKind } from '@portal/contract';
import { requireActor } from '../../lib/context';
import { implement } from '../../lib/implement';
import { allowedActions } from '../../lib/policy';
import { partnerPolicy } from './company.policy';
import { companyDetail, companyStatistics, setFrozen, updateCompany } from './company-admin.service';
import { getCorpInfo, setCorpInfo, setLogo } from './corp-info.service';
import { checkInvitation, invite, registerInvited, reinvite, undoInvite } from './invitation.service';
import { auditPage, decideRegistration, resubmitRegistration } from './registration-audit.service';
import { createRemoteAccessLink, exchangeRemoteAccess, setRemoteAccess } from './remote-access.service';

const other = { otherTenant: (fx: { otherCompanyId: number }) => ({ companyId: fx.otherCompanyId }) };
const COMPANY_LINK_KINDS: readonly InvitationKind[] = ['installer', 'distributor'];
const SUB_CUSTOMER_KINDS: readonly InvitationKind[] = ['customer'];
const newCompanyOnly = 'creates a company under the caller only; names no existing tenant object';
const publicLink = 'public: the signed link (HMAC of the invitation or a one-time token) is the only key; tampering is tested';

export const partnerCallImpls = [
  implement(partnerCalls.abilities, { none: "answers the caller's own abilities; names no tenant object" }, async (ctx) => ({
    actions: allowedActions(partnerPolicy, requireActor(ctx), null),
  })),
  implement(partnerCalls.companyDetail, other, (ctx, d) => companyDetail(ctx, d.companyId)),
  implement(
    partnerCalls.updateCompany,
    { otherTenant: (fx) => ({ companyId: fx.otherCompanyId, name: 'Taken over', contact: '', telephone: '', email: '', userLimit: 10 }) },
    (ctx, d) => updateCompany(ctx, d),
  ),
  implement(partnerCalls.freezeCompany, other, (ctx, d) => setFrozen(ctx, d.companyId, 'freeze')),
  implement(partnerCalls.unfreezeCompany, other, (ctx, d) => setFrozen(ctx, d.companyId, 'unfreeze')),
  implement(partnerCalls.undoInvite, other, (ctx, d) => undoInvite(ctx, d.companyId)),
  implement(partnerCalls.statistics, { none: "aggregates the caller's own subtree only" }, (ctx) => companyStatistics(ctx)),

  implement(partnerCalls.inviteInstaller, { none: newCompanyOnly }, (ctx, d) => invite(ctx, 'installer', d)),
  implement(partnerCalls.reinviteInstaller, other, (ctx, d) => reinvite(ctx, 'installer', d.companyId)),
  implement(partnerCalls.inviteDealer, { none: newCompanyOnly }, (ctx, d) => invite(ctx, 'distributor', d)),
  implement(partnerCalls.reinviteDealer, other, (ctx, d) => reinvite(ctx, 'distributor', d.companyId)),
  implement(partnerCalls.inviteSubCustomer, { none: newCompanyOnly }, (ctx, d) => invite(ctx, 'customer', d)),
  implement(partnerCalls.reinviteSubCustomer, other, (ctx, d) => reinvite(ctx, 'customer', d.companyId)),
  implement(partnerCalls.checkCompanyInvite, { none: publicLink }, (ctx, d) =>
    checkInvitation(ctx, COMPANY_LINK_KINDS, d.inviteId, d.sign),
  ),
  implement(partnerCalls.registerCompany, { none: publicLink }, (ctx, d) => registerInvited(ctx, COMPANY_LINK_KINDS, d)),
  implement(partnerCalls.checkSubCustomerInvite, { none: publicLink }, (ctx, d) =>
    checkInvitation(ctx, SUB_CUSTOMER_KINDS, d.inviteId, d.sign),
  ),
  implement(partnerCalls.registerSubCustomer, { none: publicLink }, (ctx, d) => registerInvited(ctx, SUB_CUSTOMER_KINDS, d)),

  implement(partnerCalls.auditPage, { none: "lists audits of the caller's subtree only" }, (ctx, d) => auditPage(ctx, d)),
  implement(partnerCalls.approveRegistration, other, (ctx, d) => decideRegistration(ctx, d.companyId, 'approve')),
  implement(
    partnerCalls.resubmitRegistration,
    { none: "public: the applicant's own account and password name the only registration it may touch" },
    (ctx, d) => resubmitRegistration(ctx, d),
    // Not for mail: a wrong password must count toward the login lockout although the call fails;
    // checkCredentials writes the count outside any transaction (as login, which has none).
    { transaction: false },
  ),
  implement(partnerCalls.rejectRegistration, { otherTenant: (fx) => ({ companyId: fx.otherCompanyId, reason: 'No' }) }, (ctx, d) =>
    decideRegistration(ctx, d.companyId, 'reject', d.reason),
  ),

  implement(partnerCalls.corpInfo, { none: "answers the caller's own company only" }, (ctx) => getCorpInfo(ctx)),
  implement(partnerCalls.setCorpInfo, { none: "changes the caller's own company only" }, (ctx, d) => setCorpInfo(ctx, d)),
  implement(partnerCalls.setLogo, { otherTenant: (fx) => ({ fileId: fx.otherFileId }) }, (ctx, d) => setLogo(ctx, d.fileId)),

  implement(partnerCalls.setRemoteAccess, { none: "switches the caller's own company only" }, (ctx, d) => setRemoteAccess(ctx, d.allow)),
  implement(partnerCalls.createRemoteAccessLink, other, (ctx, d) => createRemoteAccessLink(ctx, d.companyId)),
  implement(partnerCalls.exchangeRemoteAccess, { none: publicLink }, (ctx, d) => exchangeRemoteAccess(ctx, d)),
];
