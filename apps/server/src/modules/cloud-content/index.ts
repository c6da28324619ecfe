/**
 * The content site (issue 14): items and translations, revisions, schedules, parameters, the
 * portal's content calls, and the public site served per partner domain.
 */
import type { CallImpl } from '../../lib/implement';
import { contentImpls } from './content.calls';
import { documentImpls } from './documents.calls';

export { CONTENT_JOBS, registerContentJobs, runContentOnce } from './jobs';
export { registerSiteRoutes } from './site.routes';
export { registerProductSheetRoutes } from './products.routes';
export { registerContentFileRoutes } from './files.routes';
export { purgeUnattachedUploads } from './assets.service';
export { purgeExpiredUploadSessions } from './uploads.service';

export const cloudContentImpls: readonly CallImpl[] = [...contentImpls, ...documentImpls];
