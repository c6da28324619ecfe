/** The downstream company list and relations (company/* calls). The only file other modules import from this module. */
export { companyImpls } from './company.calls';
export { presentCompany } from './company.presenter';
export { companyColumns, userCountSql } from './company.repository';
