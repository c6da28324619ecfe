/**
 * Who may read and change a site's file manual: the content codes (the call's auth), never a
 * distributor (productSet only, issue 14 Permissions), changes on the caller's own site only
 * (the supplier or a superior reading a site of its subtree gets 1005).
 */
import { ErrorCodes } from '@portal/contract';
import { definePolicy, needsCode, refuse } from '../../lib/policy';

export const DOCUMENT_ACTIONS = ['read', 'write'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

export const documentPolicy = definePolicy<DocumentAction, { ownSite: boolean }>({
  name: 'content documents',
  actions: DOCUMENT_ACTIONS,
  refusal(actor, s, action) {
    const noCode =
      action === 'write'
        ? needsCode(actor, 'dealer_cloudresource_mgr')
        : needsCode(actor, 'dealer_cloudresource_qry', 'dealer_cloudresource_mgr');
    if (noCode) return noCode;
    if (actor.level === 2) return refuse(ErrorCodes.forbidden, 'distributors get productSet only');
    if (action === 'write' && !s.ownSite) return refuse(ErrorCodes.forbidden, "another company's site");
    return null;
  },
});
