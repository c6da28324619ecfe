/**
 * What an actor may do with a content item, one of its translations, and on the content pages:
 * - everything needs dealer_cloudresource_mgr (1005); the item must be in the caller's subtree
 *   (1004, before the policy is asked);
 * - a site is edited only by its own company (1005 for the supplier or a superior reading it);
 * - a translation moves through contentMachine (1017); Release of the revision already released
 *   is "already done" (28005); a translation the supplier took off the shelf stays so for the
 *   partner (28010); the supplier's take-off and restore are the supplier's alone;
 * - the site's settings (its domains) and its terms also need dealer_customweb_qry (SPEC §6).
 */
import {
  CONTENT_ABILITIES,
  CONTENT_ITEM_ACTIONS,
  contentMachine,
  ErrorCodes,
  type ContentAbility,
  type ContentAction,
  type ContentItemAction,
  type ContentState,
  type ContentType,
} from '@portal/contract';
import type { Actor } from '../../lib/context';
import { definePolicy, needsCode, refuse } from '../../lib/policy';

export interface TranslationSubject {
  ownSite: boolean;
  state: ContentState;
  /** The latest revision is not the released one. */
  hasUnreleasedChanges: boolean;
  reason: string | null;
  /** The item's type: terms also need dealer_customweb_qry. */
  type?: ContentType;
}

const isSupplier = (actor: Actor) => actor.companyType === 'supplier';
const SUPPLIER_ACTIONS: readonly ContentAction[] = ['supplierTakeOff', 'supplierRestore'];

/** The site's settings (its domains) and its terms need the personalization code besides the content ones (SPEC §6). */
export const CUSTOMWEB_CODE = 'dealer_customweb_qry' as const;
const termsCode = (actor: Actor, type: ContentType | undefined) => (type === 'terms' ? needsCode(actor, CUSTOMWEB_CODE) : null);

export const CONTENT_ACTIONS: readonly ContentAction[] = contentMachine.actionNames;

export const translationPolicy = definePolicy<ContentAction, TranslationSubject>({
  name: 'content translation',
  actions: CONTENT_ACTIONS,
  refusal(actor, t, action) {
    const noCode = needsCode(actor, 'dealer_cloudresource_mgr') ?? termsCode(actor, t.type);
    if (noCode) return noCode;
    if (SUPPLIER_ACTIONS.includes(action)) {
      if (!isSupplier(actor) || t.ownSite) return refuse(ErrorCodes.forbidden, 'supplier only, on a brand site');
    } else {
      if (!t.ownSite) return refuse(ErrorCodes.forbidden, "another company's site");
      if (t.state === 'supplier_off_shelf') return refuse(ErrorCodes.contentSupplierTookOff, undefined, { reason: t.reason ?? '' });
    }
    if (!contentMachine.can(t.state, action)) return refuse(ErrorCodes.illegalTransition, `${action} from ${t.state}`);
    if (action === 'release' && t.state === 'released' && !t.hasUnreleasedChanges) return refuse(ErrorCodes.contentAlreadyDone);
    return null;
  },
});

export interface ItemSubject {
  ownSite: boolean;
  /** The item's type: terms also need dealer_customweb_qry. */
  type?: ContentType;
}

export const itemPolicy = definePolicy<ContentItemAction, ItemSubject>({
  name: 'content item',
  actions: CONTENT_ITEM_ACTIONS,
  refusal(actor, item) {
    const noCode = needsCode(actor, 'dealer_cloudresource_mgr') ?? termsCode(actor, item.type);
    if (noCode) return noCode;
    return item.ownSite ? null : refuse(ErrorCodes.forbidden, "another company's site");
  },
});

/** The content pages' own actions (content/abilities). */
export const contentPolicy = definePolicy<ContentAbility, { hasSite: boolean }>({
  name: 'content',
  actions: CONTENT_ABILITIES,
  refusal(actor, s, action) {
    const noCode = needsCode(actor, 'dealer_cloudresource_mgr');
    if (noCode) return noCode;
    if (action === 'supplierTakeOff') return isSupplier(actor) ? null : refuse(ErrorCodes.forbidden, 'supplier only');
    if (action === 'editSite' || action === 'editTerms') {
      const noWeb = needsCode(actor, CUSTOMWEB_CODE);
      if (noWeb) return noWeb;
    }
    if (action === 'editSite') return actor.level === 2 ? refuse(ErrorCodes.forbidden, 'distributor') : null;
    return s.hasSite ? null : refuse(ErrorCodes.contentSiteMissing);
  },
});
