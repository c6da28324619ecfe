/** State machines of the cloud-upgrade module (SPEC §4); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// Firmware package
// ---------------------------------------------------------------------------------------------

/**
 * Upload (resumable) -> md5 verification -> sync to every DC -> synced (usable by releases).
 * Choices: a failed verification means the bytes are wrong, so the only way on is a new upload
 * (restartUpload); a failed sync can be retried; abandoning (deprecating) a synced package stops
 * new releases and can be undone (restore). Deletion is refused while the package is being
 * verified or synced; the server also refuses it while a release task uses the package.
 */
export const firmwarePackageMachine = defineMachine({
  name: 'firmwarePackage',
  states: ['upload_incomplete', 'verifying', 'verification_failed', 'syncing', 'sync_failed', 'synced', 'abandoned', 'deleted'],
  actions: {
    completeUpload: { from: ['upload_incomplete'], to: 'verifying' },
    passVerification: { from: ['verifying'], to: 'syncing' },
    failVerification: { from: ['verifying'], to: 'verification_failed' },
    restartUpload: { from: ['verification_failed'], to: 'upload_incomplete' },
    completeSync: { from: ['syncing'], to: 'synced' },
    failSync: { from: ['syncing'], to: 'sync_failed' },
    retrySync: { from: ['sync_failed'], to: 'syncing' },
    abandon: { from: ['synced'], to: 'abandoned' },
    restore: { from: ['abandoned'], to: 'synced' },
    delete: { from: ['upload_incomplete', 'verification_failed', 'sync_failed', 'synced', 'abandoned'], to: 'deleted' },
  },
});

export const firmwarePackageStateSchema = firmwarePackageMachine.stateSchema;
export const firmwarePackageActionSchema = firmwarePackageMachine.actionSchema;
export type FirmwarePackageState = StateOf<typeof firmwarePackageMachine>;
export type FirmwarePackageAction = ActionOf<typeof firmwarePackageMachine>;

// ---------------------------------------------------------------------------------------------
// Release task
// ---------------------------------------------------------------------------------------------

/**
 * SPEC §4 lists "continue" among the states; it is modelled as the action that takes a paused task
 * back to in_release (breakpoint release resumes where it stopped). Choices:
 * - a gray (canary) task stops in gray_complete once its wave reached the target; promote sends it
 *   on to the full release, end closes it there;
 * - external_paused is set and cleared by the platform (e.g. a DC outage, an abandoned package):
 *   externalPause / externalResume;
 * - a supplier suspension is lifted into `paused`, not `in_release`, so the owner decides when
 *   devices start upgrading again;
 * - end is the owner stopping a task normally (results kept), revoke withdraws it (devices not yet
 *   upgraded will not be), expire is the end time passing; all three are final.
 */
export const releaseTaskMachine = defineMachine({
  name: 'releaseTask',
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
  actions: {
    release: { from: ['unreleased'], to: 'in_release' },
    pause: { from: ['in_release'], to: 'paused' },
    continue: { from: ['paused'], to: 'in_release' },
    completeGray: { from: ['in_release'], to: 'gray_complete' },
    promote: { from: ['gray_complete'], to: 'in_release' },
    complete: { from: ['in_release'], to: 'completed' },
    end: { from: ['in_release', 'paused', 'gray_complete', 'external_paused'], to: 'ended' },
    revoke: { from: ['unreleased', 'in_release', 'paused', 'gray_complete', 'external_paused', 'supplier_suspended'], to: 'revoked' },
    expire: { from: ['unreleased', 'in_release', 'paused', 'gray_complete', 'external_paused', 'supplier_suspended'], to: 'expired' },
    externalPause: { from: ['in_release'], to: 'external_paused' },
    externalResume: { from: ['external_paused'], to: 'in_release' },
    supplierSuspend: { from: ['unreleased', 'in_release', 'paused', 'gray_complete', 'external_paused'], to: 'supplier_suspended' },
    supplierResume: { from: ['supplier_suspended'], to: 'paused' },
  },
});

export const releaseTaskStateSchema = releaseTaskMachine.stateSchema;
export const releaseTaskActionSchema = releaseTaskMachine.actionSchema;
export type ReleaseTaskState = StateOf<typeof releaseTaskMachine>;
export type ReleaseTaskAction = ActionOf<typeof releaseTaskMachine>;
