/**
 * Cloud storage (issue 12): the supplier's plans, goods and their review and shelf, the seller's
 * payee accounts, and the orders (portal and app-facing calls, webhooks, jobs).
 */
export { storageImpls } from './calls';
export { orderImpls } from './orders.calls';
export { unsafeReturnStock, unsafeTakeStock } from './goods.repository';
export { unsafeInvalidateDevicePlans, expireUnpaidOrders, reconcilePayments, handleWebhook } from './orders.service';
export { registerPaymentWebhookRoutes } from './webhook.routes';
export { registerStorageOrderJobs, runStorageOrderJobsOnce, sendSandboxWebhook } from './orders.jobs';
export { registerOrderSheetRoutes } from './export.routes';
export { registerPayeeRoutes } from './payees.routes';
export { openPayee, providerAccount } from './payees.service';
export { checkoutSign, checkoutUrl } from './checkout.service';
export { currentPlanLateral } from './orders.repository';
