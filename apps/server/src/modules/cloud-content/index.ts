/**
 * The content site (issue 14): items and translations, revisions, schedules, parameters, the
 * portal's content calls, and the public site served per partner domain.
 */
import type { CallImpl } from '../../lib/implement';
import { contentImpls } from './content.calls';

export { CONTENT_JOBS, registerContentJobs, runContentOnce } from './jobs';
export { registerSiteRoutes } from './site.routes';
export { registerProductSheetRoutes } from './products.routes';

export const cloudContentImpls: readonly CallImpl[] = contentImpls;
