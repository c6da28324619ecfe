import { upgradeCalls } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useRefreshPackages } from '../api/upgrade-api';
import { ChunkUploadError, CredentialCache, type UploadProgress, uploadChunks } from './chunk-uploader';

/** Upload credentials, shared by every upload of this page session (cached per package). */
const credentials = new CredentialCache((pkgId) => call(upgradeCalls.storageInfo, { action: 'upload', pkgId }));

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'completing' | 'processing' | 'failed';

export interface UploadState {
  phase: UploadPhase;
  progress: UploadProgress | null;
  /** Bytes per second of this run. */
  speed: number | null;
  error: string | null;
}

/**
 * The resumable upload of one package file: start, pause (aborts the chunks in flight), resume
 * (asks the store what it has and sends the rest), then upgrade/package/complete. After that the
 * server verifies and syncs; the caller polls the package.
 */
export function usePackageUpload() {
  const { t } = useTranslation();
  const refresh = useRefreshPackages();
  const [state, setState] = useState<UploadState>({ phase: 'idle', progress: null, speed: null, error: null });
  const controller = useRef<AbortController | null>(null);
  const target = useRef<{ pkgId: number; file: File } | null>(null);
  const busy = state.phase === 'uploading' || state.phase === 'completing';

  // Closing the tab in the middle of an upload loses nothing (it resumes), but say so.
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  // Leaving the dialog stops the transfer; the package stays "upload incomplete" and can be continued.
  useEffect(() => () => controller.current?.abort(), []);

  /** Upload `file` into package `pkgId`; without arguments, resume the last one. */
  const start = async (pkgIdArg?: number, fileArg?: File) => {
    if (pkgIdArg !== undefined && fileArg) target.current = { pkgId: pkgIdArg, file: fileArg };
    if (!target.current || controller.current) return;
    const { pkgId, file } = target.current;
    const run = new AbortController();
    controller.current = run;
    const startedAt = performance.now();
    let firstBytes: number | null = null;
    setState((s) => ({ ...s, phase: 'uploading', error: null, speed: null }));
    try {
      await uploadChunks({
        pkgId,
        file,
        credentials,
        signal: run.signal,
        onProgress: (p) => {
          if (p.phase === 'checking') return;
          firstBytes ??= p.uploadedBytes;
          const seconds = (performance.now() - startedAt) / 1000;
          const speed = seconds > 0.5 && p.uploadedBytes > firstBytes ? (p.uploadedBytes - firstBytes) / seconds : null;
          setState((s) => ({ ...s, progress: p, speed }));
        },
      });
      setState((s) => ({ ...s, phase: 'completing' }));
      await call(upgradeCalls.packageComplete, { pkgId });
      setState((s) => ({ ...s, phase: 'processing' }));
      await refresh();
    } catch (e) {
      if (e instanceof ChunkUploadError && e.kind === 'aborted') {
        setState((s) => ({ ...s, phase: 'paused', speed: null }));
      } else {
        const message =
          e instanceof ChunkUploadError
            ? e.kind === 'rejected'
              ? e.message
              : t(`upgrade.upload.error.${e.kind}`, { status: e.status ?? '' })
            : isApiError(e)
              ? e.message
              : t('upgrade.upload.error.network');
        // API errors were already shown by the client; storage errors are shown here.
        if (e instanceof ChunkUploadError) notify('error', `upload-${pkgId}`, message);
        setState((s) => ({ ...s, phase: 'failed', speed: null, error: message }));
        await refresh();
      }
    } finally {
      controller.current = null;
    }
  };

  const pause = () => controller.current?.abort();

  return { ...state, busy, start, pause };
}
