// STUB (owned by the packages helper): the storage endpoint that receives package chunks.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './route-deps';

export function registerStorageRoutes(_app: FastifyInstance, _deps: RouteDeps): void {}
