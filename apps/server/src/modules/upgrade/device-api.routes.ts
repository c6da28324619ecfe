// STUB (owned by the tasks helper): the device-facing update service under DEVICE_API_PREFIX.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './route-deps';

export function registerDeviceApi(_app: FastifyInstance, _deps: RouteDeps): void {}
