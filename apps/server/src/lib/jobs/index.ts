/**
 * The one background mechanism of the server: pg-boss jobs (queue.ts), with the housekeeping every
 * instance declares (maintenance.ts). queue.ts knows no job of its own, so nothing imports back
 * into it: modules register their jobs through the queue they are given (a module's jobs.ts).
 */
import type { Database } from '../../db/client';
import { registerMaintenanceJobs } from './maintenance';
import { JobQueue, type JobQueueOptions } from './queue';

export * from './queue';
export * from './maintenance';

export interface CreateJobQueueOptions extends JobQueueOptions {
  /** Schedule the built-in maintenance jobs (see maintenance.ts). Default true. */
  maintenance?: boolean;
}

export function createJobQueue(database: Database, opts: CreateJobQueueOptions = {}): JobQueue {
  const queue = new JobQueue(database, opts);
  if (opts.maintenance !== false) registerMaintenanceJobs(queue);
  return queue;
}
