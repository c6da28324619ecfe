import { PARTNER_ONLY_CODES, RESOURCE_CODES, type CompanyType, type ResourceCode } from '@portal/contract';

/**
 * Resource codes the owner of a newly registered company starts with (the same sets as the demo
 * seed): a dealer holds every dealer code but the partner-only modules, an installer manages its
 * users and sub-customers and buys licences, a customer manages its own users.
 */
const DEALER_CODES: readonly ResourceCode[] = RESOURCE_CODES.filter((c) => !c.startsWith('supplier_') && !PARTNER_ONLY_CODES.includes(c));

const OWNER_CODES: Partial<Record<CompanyType, readonly ResourceCode[]>> = {
  distributor: DEALER_CODES,
  installer: [
    'dealer_account_qry',
    'dealer_account_mgr',
    'dealer_subcustomerinvite_mgr',
    'dealer_license_qry',
    'dealer_license_mgr',
    'dealer_vmslicense_qry',
    'dealer_pionts_mall_qry',
    'dealer_other_devicepwdreset',
  ],
  customer: ['dealer_account_qry', 'dealer_account_mgr', 'dealer_license_qry', 'dealer_vmslicense_qry'],
};

export function ownerCodesFor(type: CompanyType): ResourceCode[] {
  return [...(OWNER_CODES[type] ?? OWNER_CODES.customer!)];
}

/** SPEC §1: partners are level 1 and distributors level 2; installers and customers take their depth. */
export function levelFor(type: CompanyType, depth: number): number {
  if (type === 'partner') return 1;
  if (type === 'distributor') return 2;
  return depth;
}
