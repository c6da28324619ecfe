// STUB (owned by the packages helper): package calls and background processing.
import type { Database } from '../../db/client';
import type { CallImpl } from '../../lib/implement';
import type { AppServices } from '../../lib/services';

export const packageImpls: CallImpl[] = [];

/** Verifies uploaded packages (md5) and syncs verified ones to every DC; safe to run repeatedly. */
export async function processPendingPackages(_database: Database, _services: AppServices, _now: number): Promise<void> {}
