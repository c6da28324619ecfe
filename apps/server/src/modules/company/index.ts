/** The downstream company list and relations (company/* calls). The only file other modules import from this module. */
export { companyImpls } from './company.calls';
export { presentCompanies, presentCompany } from './company.presenter';
export { companyColumns, companyFacts, userCountSql } from './company.repository';
export {
  companyPolicy, corpInfoPolicy, partnerPolicy, INVITE_ACTION, invitationState, kindOf, NO_FACTS, registrationPolicy,
  type CompanyFacts, type CompanySubject,
} from './company.policy';
