// STUB (owned by the tasks helper): the release engine (waves, gates, timeouts, expiry).
import type { Database } from '../../db/client';

/** Moves every running task on at time `now`: starts tasks and waves, applies gates and timeouts, expires. */
export async function tickReleaseTasks(_database: Database, _now: number): Promise<void> {}
