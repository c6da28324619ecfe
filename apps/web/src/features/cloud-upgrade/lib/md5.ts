/**
 * MD5 of a file computed in the browser, a slice at a time (so a 2 GB firmware does not sit in
 * memory), with spark-md5 loaded only when the user asks for it.
 */
import { readBlob } from '../../../lib/read-blob';

export const MD5_SLICE_BYTES = 4 * 1024 * 1024;

export class Md5AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'Md5AbortedError';
  }
}

export async function computeMd5(
  file: Blob,
  {
    signal,
    onProgress,
    sliceBytes = MD5_SLICE_BYTES,
  }: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void; sliceBytes?: number } = {},
): Promise<string> {
  const { default: SparkMD5 } = await import('spark-md5');
  const spark = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size || offset === 0; offset += sliceBytes) {
    if (signal?.aborted) throw new Md5AbortedError();
    spark.append(await readBlob(file.slice(offset, offset + sliceBytes)));
    onProgress?.(Math.min(file.size, offset + sliceBytes), file.size);
    if (file.size === 0) break;
  }
  if (signal?.aborted) throw new Md5AbortedError();
  return spark.end();
}
