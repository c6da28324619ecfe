/**
 * What an actor may do with goods now (the same rules the goods calls check):
 * - everything needs dealer_storage_mgr (1005); the goods must be in the caller's subtree and area
 *   (1004, before the policy is asked);
 * - the seller's moves (edit, prices and stock, submit, withdraw, delist, list, revise) belong to the
 *   goods' own company (1005 for a superior looking at its subtree);
 * - the review moves (approve, reject, supplier delisting) to the supplier only (1005);
 * - the goodsMachine moves from their states only (1017); content edits while under review: 23035;
 * - paid goods need a verified payee account before review (23023); goods past their sale-until
 *   date cannot be submitted, approved or listed again (23011).
 */
import { ErrorCodes, GOODS_ABILITIES, goodsMachine, type GoodsAbility, type GoodsState } from '@portal/contract';
import { definePolicy, needsCode, refuse } from '../../lib/policy';
import { isSupplier } from './plans.policy';

export interface GoodsSubject {
  status: string;
  companyId: number;
  free: boolean;
  /** The seller has a payee account whose connection test passed. */
  verifiedPayee: boolean;
  saleUntil: number | null;
  now: number;
}

const SELLER_MOVES: readonly GoodsAbility[] = ['submitReview', 'withdrawReview', 'delist', 'list', 'revise'];
const REVIEW_MOVES: readonly GoodsAbility[] = ['approve', 'reject', 'supplierDelist'];
const EDITABLE: readonly GoodsState[] = ['pending_listing', 'review_failed', 'supplier_delisted'];

export const goodsPolicy = definePolicy<GoodsAbility, GoodsSubject>({
  name: 'storage goods',
  actions: GOODS_ABILITIES,
  refusal(actor, g, action) {
    const noCode = needsCode(actor, 'dealer_storage_mgr');
    if (noCode) return noCode;
    const state = g.status as GoodsState;
    const expired = g.saleUntil !== null && g.saleUntil <= g.now;
    if (REVIEW_MOVES.includes(action)) {
      if (!isSupplier(actor)) return refuse(ErrorCodes.forbidden, 'review is the supplier’s');
      if (!goodsMachine.can(state, action as never)) return refuse(ErrorCodes.illegalTransition, `${action} from ${state}`);
      if (action === 'approve' && expired) return refuse(ErrorCodes.productExpired);
      return null;
    }
    if (g.companyId !== actor.companyId) return refuse(ErrorCodes.forbidden, 'goods of another company');
    if (action === 'edit') {
      if (state === 'pending_review') return refuse(ErrorCodes.goodsUnderReview);
      return EDITABLE.includes(state) ? null : refuse(ErrorCodes.illegalTransition, `edit ${state} goods (revise them first)`);
    }
    if (action === 'editPriceStock') return state === 'pending_review' ? refuse(ErrorCodes.goodsUnderReview) : null;
    if (SELLER_MOVES.includes(action) && !goodsMachine.can(state, action as never))
      return refuse(ErrorCodes.illegalTransition, `${action} from ${state}`);
    if ((action === 'submitReview' || action === 'list') && expired) return refuse(ErrorCodes.productExpired);
    if (action === 'submitReview' && !g.free && !g.verifiedPayee) return refuse(ErrorCodes.noVerifiedPayee);
    return null;
  },
});
