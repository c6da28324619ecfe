import { useSessionUser } from '../../../lib/session/session-store';

/**
 * Who is looking at the upgrade screens: a supplier (who sees every brand, so the company column
 * matters) and the session's areas. Not what they may do: that is the server's answer, with each
 * package and task (`actions`) and for the module's own buttons (`useUpgradeAbilities`).
 */
export function useUpgradeViewer() {
  const me = useSessionUser();
  return {
    isSupplier: me?.userType === 'supplier',
    areas: me?.areaList ?? [],
    currentArea: me?.areaList.find((a) => a.id === me.currentArea) ?? null,
  };
}

/**
 * Regions a release may target from the current area: any from the RDC, only the current one from
 * a DC (the server answers 1007 otherwise).
 */
export function useReleaseAreas() {
  const { areas, currentArea } = useUpgradeViewer();
  const restricted = !!currentArea && currentArea.kind !== 'RDC';
  return { areas: restricted ? areas.filter((a) => a.id === currentArea.id) : areas, restricted, currentArea };
}
