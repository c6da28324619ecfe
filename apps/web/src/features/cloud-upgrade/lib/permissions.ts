import { useSessionUser } from '../../../lib/session/session-store';

/**
 * What the signed-in user may do in the upgrade screens (SPEC §6): dealer_upgrade_qry reads,
 * dealer_upgrade_mgr acts (the menu and create buttons). What may be done with one task comes with
 * the task (`actions`, the server's policy), not from here.
 */
export function useUpgradePermissions() {
  const me = useSessionUser();
  const codes = me?.authResList ?? [];
  const isSupplier = me?.userType === 'supplier';
  return {
    canManage: codes.includes('dealer_upgrade_mgr'),
    isSupplier,
    areas: me?.areaList ?? [],
    currentArea: me?.areaList.find((a) => a.id === me.currentArea) ?? null,
  };
}

/**
 * Regions a release may target from the current area: any from the RDC, only the current one from
 * a DC (the server answers 1007 otherwise).
 */
export function useReleaseAreas() {
  const { areas, currentArea } = useUpgradePermissions();
  const restricted = !!currentArea && currentArea.kind !== 'RDC';
  return { areas: restricted ? areas.filter((a) => a.id === currentArea.id) : areas, restricted, currentArea };
}
