/** A seller's order settings belong to the caller's own company: saving needs dealer_cldstorage_setting_mgr (1005). */
import { STORAGE_SETTING_ABILITIES } from '@portal/contract';
import { definePolicy, needsCode } from '../../lib/policy';

export const storageSettingsPolicy = definePolicy<(typeof STORAGE_SETTING_ABILITIES)[number], null>({
  name: 'order settings',
  actions: STORAGE_SETTING_ABILITIES,
  refusal: (actor) => needsCode(actor, 'dealer_cldstorage_setting_mgr'),
});
