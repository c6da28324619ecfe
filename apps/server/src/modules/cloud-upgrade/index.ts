/**
 * Cloud firmware upgrade (issue 4): devices, packages, release tasks, the release engine and the
 * device-facing update service.
 */
import type { FastifyInstance } from 'fastify';
import type { CallImpl } from '../../lib/implement';
import { registerDeviceApi } from './device-api.routes';
import { deviceImpls } from './devices.calls';
import { registerExportRoutes } from './export.routes';
import { packageImpls } from './packages.calls';
import { registerStorageRoutes } from './packages.routes';
import type { RouteDeps } from './route-deps';
import { taskImpls } from './tasks.calls';

export { registerUpgradeJobs, runUpgradeOnce, UPGRADE_JOBS } from './jobs';

export const upgradeImpls: readonly CallImpl[] = [...deviceImpls, ...packageImpls, ...taskImpls];

export function registerUpgradeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerStorageRoutes(app, deps);
  registerDeviceApi(app, deps);
  registerExportRoutes(app, deps);
}
