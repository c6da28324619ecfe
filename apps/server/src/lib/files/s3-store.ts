import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { AppError } from '../app-error';
import { DigestTap, digestBuffer } from './hashing';
import { assertSafeKey, type ByteRange, type FileStore, type GetResult, type ObjectInfo, type PutResult } from './store';

export interface S3FileStoreOptions {
  /** e.g. 'http://127.0.0.1:4569' (MinIO, s3rver) or a provider's endpoint; omit for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path rather than the host name; needed by MinIO and s3rver */
  forcePathStyle?: boolean;
  /** key prefix inside the bucket, e.g. 'portal/' */
  prefix?: string;
}

const statusOf = (err: unknown) => (err as S3ServiceException)?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => statusOf(err) === 404 || ['NotFound', 'NoSuchKey'].includes((err as Error)?.name);

/** Files in an S3-compatible bucket. Ranged reads use the Range header. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(opts: S3FileStoreOptions) {
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ?? '';
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Newer SDKs add CRC trailers with aws-chunked framing by default, which S3-compatible
      // servers (s3rver, older MinIO) store verbatim; only checksum when an operation requires it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private k(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Buffer | Readable, opts: { contentType?: string } = {}): Promise<PutResult> {
    const Key = this.k(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: body,
          ContentLength: body.length,
          ContentType: opts.contentType,
        }),
      );
      return digestBuffer(body);
    }
    const tap = new DigestTap();
    body.on('error', (err) => tap.destroy(err));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: body.pipe(tap), ContentType: opts.contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
      leavePartsOnError: false,
    });
    await upload.done();
    return tap.result();
  }

  async head(key: string): Promise<ObjectInfo> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.k(key) }));
      return { size: Number(r.ContentLength ?? 0), contentType: r.ContentType, lastModified: r.LastModified, etag: r.ETag };
    } catch (err) {
      if (isNotFound(err)) throw new AppError(1004, undefined, `file not found: ${key}`);
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<GetResult> {
    if (range && (!Number.isSafeInteger(range.start) || range.start < 0 || (range.end !== undefined && range.end < range.start))) {
      throw new AppError(1014, undefined, `bad range ${range.start}-${range.end ?? ''}`);
    }
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.k(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const stream = r.Body as Readable;
      const length = Number(r.ContentLength ?? 0);
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.ContentRange ?? '');
      if (range && m) {
        return {
          stream,
          length,
          size: Number(m[3]),
          range: { start: Number(m[1]), end: Number(m[2]) },
          contentType: r.ContentType,
        };
      }
      return { stream, length, size: length, contentType: r.ContentType };
    } catch (err) {
      if (isNotFound(err)) throw new AppError(1004, undefined, `file not found: ${key}`);
      if (statusOf(err) === 416 || (err as Error)?.name === 'InvalidRange') {
        throw new AppError(1014, undefined, `range ${range?.start}-${range?.end ?? ''} not satisfiable for ${key}`);
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.k(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.head(key);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 1004) return false;
      throw err;
    }
  }
}
