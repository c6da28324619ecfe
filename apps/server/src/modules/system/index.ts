/**
 * System: the operation log, the mail outbox, area-kind settings, and files (upload, signed file
 * links). The only file other modules import from this module.
 */
export { fileImpls, registerFileRoutes } from './file.routes';
export { systemImpls } from './system.calls';
export { registerUploadRoutes } from './upload.routes';
