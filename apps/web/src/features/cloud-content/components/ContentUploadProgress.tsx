import type { ContentType, ContentUploadUse } from '@portal/contract';
import { Button, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error';
import type { UploadProgress } from '../../../lib/api/chunked-upload';
import { uploadContentFile } from '../../../lib/api/upload';

interface Run {
  name: string;
  progress: UploadProgress | null;
  paused: boolean;
}

/**
 * A content upload with its progress: files over 20 MB go through the resumable upload, so a
 * pause (or a broken connection) keeps what was sent and the same file resumes where it stopped.
 * `upload` answers the asset, or null when the run was paused.
 */
export function useContentUpload() {
  const [run, setRun] = useState<Run | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (use: ContentUploadUse, file: File, opts: { itemType?: ContentType; itemId?: number } = {}) => {
    const c = new AbortController();
    controller.current = c;
    setRun({ name: file.name, progress: null, paused: false });
    try {
      const asset = await uploadContentFile(use, file, {
        ...opts,
        signal: c.signal,
        onProgress: (p) => setRun((r) => (r ? { ...r, progress: p } : r)),
      });
      setRun(null);
      return asset;
    } catch (e) {
      if (isApiError(e) && e.kind === 'aborted') {
        setRun((r) => (r ? { ...r, paused: true } : r));
        return null;
      }
      setRun(null);
      throw e;
    } finally {
      if (controller.current === c) controller.current = null;
    }
  };
  const pause = () => controller.current?.abort();
  return { upload, pause, run };
}

/** The bar of a running (or paused) upload, with its pause button; nothing for a small file's single request. */
export function ContentUploadProgress({ run, onPause, onResume }: { run: Run | null; onPause: () => void; onResume?: () => void }) {
  const { t } = useTranslation();
  if (!run?.progress) return null;
  const { progress: p } = run;
  const percent = p.totalBytes > 0 ? Math.floor((p.uploadedBytes / p.totalBytes) * 100) : 0;
  const label =
    p.phase === 'checking'
      ? t('contentFiles.upload.checking', { name: run.name })
      : t('contentFiles.upload.progress', { name: run.name, percent });
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }} data-testid="content-upload-progress">
      <Typography.Text type="secondary" aria-live="polite">
        {run.paused ? t('contentFiles.upload.paused', { percent }) : label}
      </Typography.Text>
      <Progress percent={percent} status={run.paused ? 'normal' : 'active'} aria-label={label} />
      {run.paused ? (
        onResume && (
          <Button size="small" onClick={onResume}>
            {t('contentFiles.upload.resume')}
          </Button>
        )
      ) : (
        <Button size="small" onClick={onPause}>
          {t('contentFiles.upload.pause')}
        </Button>
      )}
    </Space>
  );
}
