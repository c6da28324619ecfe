import { describe, expect, it } from 'vitest';
import { firmwarePackageMachine, releaseTaskActionSchema, releaseTaskMachine } from '../../../src/modules/cloud-upgrade';
import { describeMachine } from '../../support/machines';

describeMachine('firmwarePackage', {
  states: ['upload_incomplete', 'verifying', 'verification_failed', 'syncing', 'sync_failed', 'synced', 'abandoned', 'deleted'],
  transitions: [
    'upload_incomplete --completeUpload--> verifying',
    'verifying --passVerification--> syncing',
    'verifying --failVerification--> verification_failed',
    'verification_failed --restartUpload--> upload_incomplete',
    'syncing --completeSync--> synced',
    'syncing --failSync--> sync_failed',
    'sync_failed --retrySync--> syncing',
    'synced --abandon--> abandoned',
    'abandoned --restore--> synced',
    'upload_incomplete --delete--> deleted',
    'verification_failed --delete--> deleted',
    'sync_failed --delete--> deleted',
    'synced --delete--> deleted',
    'abandoned --delete--> deleted',
  ],
});

describeMachine('releaseTask', {
  states: [
    'unreleased',
    'in_release',
    'paused',
    'ended',
    'expired',
    'external_paused',
    'revoked',
    'supplier_suspended',
    'gray_complete',
    'completed',
  ],
  transitions: [
    'unreleased --release--> in_release',
    'in_release --pause--> paused',
    'paused --continue--> in_release',
    'in_release --completeGray--> gray_complete',
    'gray_complete --promote--> in_release',
    'in_release --complete--> completed',
    'in_release --end--> ended',
    'paused --end--> ended',
    'gray_complete --end--> ended',
    'external_paused --end--> ended',
    'unreleased --revoke--> revoked',
    'in_release --revoke--> revoked',
    'paused --revoke--> revoked',
    'gray_complete --revoke--> revoked',
    'external_paused --revoke--> revoked',
    'supplier_suspended --revoke--> revoked',
    'unreleased --expire--> expired',
    'in_release --expire--> expired',
    'paused --expire--> expired',
    'gray_complete --expire--> expired',
    'external_paused --expire--> expired',
    'supplier_suspended --expire--> expired',
    'in_release --externalPause--> external_paused',
    'external_paused --externalResume--> in_release',
    'unreleased --supplierSuspend--> supplier_suspended',
    'in_release --supplierSuspend--> supplier_suspended',
    'paused --supplierSuspend--> supplier_suspended',
    'gray_complete --supplierSuspend--> supplier_suspended',
    'external_paused --supplierSuspend--> supplier_suspended',
    'supplier_suspended --supplierResume--> paused',
  ],
});

describe('paths a portal walks', () => {
  it('release task: start, pause, continue (breakpoint), gray complete, promote, complete', () => {
    let s = releaseTaskMachine.initial;
    expect(s).toBe('unreleased');
    for (const a of ['release', 'pause', 'continue', 'completeGray', 'promote', 'complete'] as const) s = releaseTaskMachine.next(s, a);
    expect(s).toBe('completed');
    expect(releaseTaskMachine.availableActions('completed')).toEqual([]);
    expect(releaseTaskMachine.availableActions('paused')).toEqual(['continue', 'end', 'revoke', 'expire', 'supplierSuspend']);
    expect(releaseTaskMachine.next('supplier_suspended', 'supplierResume')).toBe('paused');
    expect(releaseTaskActionSchema.parse('continue')).toBe('continue');
  });

  it('final states offer no actions', () => {
    expect(firmwarePackageMachine.availableActions('deleted')).toEqual([]);
  });
});
