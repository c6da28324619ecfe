import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AppServices } from '../../lib/services';

/** What the upgrade module's raw (non-call) routes receive, as the file routes do. */
export interface RouteDeps {
  database: Database;
  clock: Clock;
  services: AppServices;
}
