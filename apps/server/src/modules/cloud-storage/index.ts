/**
 * Cloud storage (issue 12, first half): the supplier's plans, goods and their review and shelf, the
 * stock statements the order flow will use, and the seller's payee accounts.
 */
export { storageImpls } from './calls';
export { unsafeReturnStock, unsafeTakeStock } from './goods.repository';
export { registerPayeeRoutes } from './payees.routes';
export { payeeAccountOfCompany, providerAccount } from './payees.service';
