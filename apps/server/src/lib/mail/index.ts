export * from './mailer';
export * from './templates';
export * from './delivery-job';
