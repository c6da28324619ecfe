/**
 * Why an inactive company's user may not sign in yet: its registration waits for, or was refused,
 * the inviting company's approval (SPEC §4). The audit itself is the partner module's
 * (registration-audit.service.ts); sign-in only reads it, so this read lives here and the partner
 * module depends on auth, not both ways.
 */
import { ErrorCodes } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { unsafeRegistrationAuditOf } from './session.repository';

/** 7040 while pending, 7041 with the reason once rejected; null when no audit stands in the way. */
export async function registrationBlock(db: Db | Tx, companyId: number): Promise<AppError | null> {
  const audit = await unsafeRegistrationAuditOf(db, companyId);
  if (!audit || audit.status === 'passed') return null;
  const company = audit.approverName;
  if (audit.status === 'rejected') return new AppError(ErrorCodes.registrationRejected, { company, reason: audit.reason ?? '' });
  return new AppError(ErrorCodes.registrationPending, { company });
}
