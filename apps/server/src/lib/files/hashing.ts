import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { PutResult } from './store';

export function digestBuffer(buf: Buffer): PutResult {
  return {
    size: buf.length,
    sha256: createHash('sha256').update(buf).digest('hex'),
    md5: createHash('md5').update(buf).digest('hex'),
  };
}

/** A pass-through that hashes and counts what flows through it; `result()` after the stream ends. */
export class DigestTap extends Transform {
  private sha = createHash('sha256');
  private md5: Hash = createHash('md5');
  private bytes = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null, data?: Buffer) => void) {
    this.sha.update(chunk);
    this.md5.update(chunk);
    this.bytes += chunk.length;
    cb(null, chunk);
  }

  result(): PutResult {
    return { size: this.bytes, sha256: this.sha.digest('hex'), md5: this.md5.digest('hex') };
  }
}
