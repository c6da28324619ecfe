/**
 * Downloads of generated files (exports of any module, import error files): the body is read as a stream
 * so a progress indicator can move, then saved under a file name.
 */

/** Rough size of one device row in a compressed xlsx, to estimate progress when no length is sent. */
export const EST_XLSX_BYTES_PER_ROW = 60;

export class DownloadError extends Error {
  constructor(
    readonly kind: 'aborted' | 'network' | 'http',
    readonly status?: number,
  ) {
    super(kind);
    this.name = 'DownloadError';
  }
}

export interface DownloadProgress {
  received: number;
  /** Content-Length when the server sent one, else the estimate given by the caller, else null. */
  total: number | null;
  estimated: boolean;
}

export async function fetchWithProgress(
  url: string,
  {
    signal,
    estimatedBytes,
    onProgress,
    fetchImpl = fetch,
  }: { signal?: AbortSignal; estimatedBytes?: number; onProgress?: (p: DownloadProgress) => void; fetchImpl?: typeof fetch } = {},
): Promise<Blob> {
  let res: Response;
  try {
    res = await fetchImpl(url, { signal, credentials: 'same-origin' });
  } catch {
    throw new DownloadError(signal?.aborted ? 'aborted' : 'network');
  }
  if (!res.ok) throw new DownloadError('http', res.status);
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : (estimatedBytes ?? null);
  const estimated = !(Number.isFinite(length) && length > 0);
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!res.body) {
    const blob = await res.blob();
    onProgress?.({ received: blob.size, total: blob.size, estimated: false });
    return blob;
  }
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress?.({ received, total, estimated });
    }
  } catch {
    throw new DownloadError(signal?.aborted ? 'aborted' : 'network');
  }
  return new Blob(parts as BlobPart[], { type });
}

/** Offer a blob to the user as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Percent for a progress bar; an estimate never shows 100 before the end. */
export function progressPercent(p: DownloadProgress | null): number {
  if (!p || !p.total) return 0;
  const pct = Math.floor((p.received / p.total) * 100);
  return p.estimated ? Math.min(95, pct) : Math.min(100, pct);
}
