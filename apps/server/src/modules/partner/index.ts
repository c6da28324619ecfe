/**
 * The partner network: invitations and registration audits, company administration, corporate
 * information, remote access, and the downstream company list and relations (company/* calls).
 * The only file other modules import from this module.
 */
import type { CallImpl } from '../../lib/implement';
import { partnerCallImpls } from './partner.calls';

/** Implementations of contract `partnerCalls`. */
export const partnerImpls: CallImpl[] = partnerCallImpls;
/** Implementations of contract `companyCalls` (the downstream company list). */
export { companyImpls } from './company.calls';
export { presentCompanies, presentCompany } from './company.presenter';
export { companyColumns, companyFacts, userCountSql } from './company.repository';
export {
  companyPolicy,
  corpInfoPolicy,
  partnerPolicy,
  INVITE_ACTION,
  invitationState,
  kindOf,
  NO_FACTS,
  registrationPolicy,
  type CompanyFacts,
  type CompanySubject,
} from './company.policy';
