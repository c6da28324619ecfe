// STUB (owned by the devices helper): streamed xlsx downloads (results export, import errors, template).
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './route-deps';

export function registerExportRoutes(_app: FastifyInstance, _deps: RouteDeps): void {}
