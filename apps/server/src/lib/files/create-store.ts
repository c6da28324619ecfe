import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';
import type { FileStore } from './store';

export const DEFAULT_FILE_STORE_DIR = './.data/files';

/**
 * FILE_STORE=s3 picks the bucket (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, optional S3_FORCE_PATH_STYLE, default true when S3_ENDPOINT is set);
 * anything else the local disk under FILE_STORE_DIR (default ./.data/files).
 */
export function createFileStore(env: Record<string, string | undefined> = process.env): FileStore {
  if ((env.FILE_STORE ?? '').toLowerCase() === 's3') {
    const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
    if (missing.length) throw new Error(`FILE_STORE=s3 needs ${missing.join(', ')}`);
    const forcePathStyle =
      env.S3_FORCE_PATH_STYLE !== undefined ? /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE) : Boolean(env.S3_ENDPOINT);
    return new S3FileStore({
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || 'us-east-1',
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle,
      prefix: env.S3_PREFIX || undefined,
    });
  }
  return new LocalFileStore(env.FILE_STORE_DIR || DEFAULT_FILE_STORE_DIR);
}
