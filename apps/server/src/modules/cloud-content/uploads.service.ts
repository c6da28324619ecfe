/**
 * Resumable content uploads (issue 14 §5): manuals and videos over 20 MB are sent in chunks through
 * the shared resumable upload (lib/files/resumable). A session of the caller's company names what is
 * expected (use, name, size, SHA-256); chunks arrive in order, each starting at the bytes received
 * (the client asks the session for them to resume after a broken connection); the complete joins the
 * chunks, checks the size and SHA-256 against the session and the type by content, and records a
 * `files` row of the use with its content_assets row, unattached until a document version names it.
 * A session expires CONTENT_UPLOAD_SESSION_TTL_MS after it started; the purge removes it and its chunks.
 */
import {
  CONTENT_DIRECT_UPLOAD_MAX_BYTES,
  CONTENT_UPLOAD_CHUNK_BYTES,
  CONTENT_UPLOAD_SESSION_TTL_MS,
  CONTENT_UPLOAD_USES,
  ErrorCodes,
  type ContentAsset,
  type ContentUploadSession,
  type ContentUploadUse,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, CallContext } from '../../lib/context';
import {
  checkChunk,
  checkUpload,
  chunkKeyOf,
  extensionOf,
  formatBytes,
  joinChunks,
  recordStoredFile,
  removeChunks,
  uploadKey,
  type ChunkedUpload,
  type FileStore,
} from '../../lib/files';
import { authorize } from '../../lib/policy';
import { presentAsset } from './assets.service';
import { documentPolicy } from './documents.policy';
import * as repo from './files.repository';

type SessionRow = repo.UploadSessionRow;

/** Where a session's chunks live in the store. */
export const sessionUpload = (s: Pick<SessionRow, 'id' | 'size' | 'chunkBytes'>): ChunkedUpload => ({
  prefix: `content-uploads/${s.id}`,
  size: s.size,
  chunkBytes: s.chunkBytes,
});

export function presentSession(s: SessionRow): ContentUploadSession {
  return {
    id: s.id,
    use: s.use as ContentUploadSession['use'],
    name: s.name,
    size: s.size,
    sha256: s.sha256,
    chunkBytes: s.chunkBytes,
    receivedBytes: s.receivedBytes,
    expiresAt: s.expiresAt.getTime(),
  };
}

const typesText = (exts: readonly string[]) => exts.map((e) => e.toUpperCase()).join(', ');
const fileRule = (use: ContentUploadUse) => {
  const rule = CONTENT_UPLOAD_USES[use];
  if (rule.kind !== 'file') throw new AppError(ErrorCodes.invalidParams, { detail: `${use} is not resumable` });
  return rule;
};

/** The caller's company's session, or 1004 (another company's is unknown here). */
async function ownSession(db: repo.AnyDb, actor: Actor, id: number, forUpdate = false): Promise<SessionRow> {
  authorize(documentPolicy, actor, { ownSite: true }, 'write');
  const row = await repo.findOwnUploadSession(db, actor, id, forUpdate);
  if (!row) throw new AppError(ErrorCodes.notFound);
  return row;
}

const assertLive = (s: SessionRow, now: number) => {
  if (s.expiresAt.getTime() <= now) throw new AppError(ErrorCodes.contentUploadExpired);
};

export async function createSession(
  ctx: CallContext,
  actor: Actor,
  d: { use: 'manual' | 'video'; name: string; size: number; sha256: string },
): Promise<ContentUploadSession> {
  authorize(documentPolicy, actor, { ownSite: true }, 'write');
  const rule = fileRule(d.use);
  if (d.size > rule.maxBytes) throw new AppError(ErrorCodes.contentFileTooLarge, { max: formatBytes(rule.maxBytes) });
  if (d.size <= CONTENT_DIRECT_UPLOAD_MAX_BYTES)
    throw new AppError(ErrorCodes.contentUploadDirect, { max: formatBytes(CONTENT_DIRECT_UPLOAD_MAX_BYTES) });
  if (!(rule.exts as readonly string[]).includes(extensionOf(d.name)))
    throw new AppError(ErrorCodes.contentFileType, { types: typesText(rule.exts) });
  const now = ctx.clock.now();
  const row = await repo.insertUploadSession(ctx.db, {
    companyId: actor.companyId,
    companyPath: actor.companyPath,
    userId: actor.actingUserId ?? actor.userId,
    use: d.use,
    name: d.name,
    size: d.size,
    sha256: d.sha256,
    chunkBytes: CONTENT_UPLOAD_CHUNK_BYTES,
    receivedBytes: 0,
    expiresAt: new Date(now + CONTENT_UPLOAD_SESSION_TTL_MS),
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  await ctx.audit({ targetId: row.id, after: { use: d.use, name: d.name, size: d.size } });
  return presentSession(row);
}

export async function getSession(ctx: CallContext, actor: Actor, id: number): Promise<ContentUploadSession> {
  return presentSession(await ownSession(ctx.db, actor, id));
}

/**
 * Stores one chunk: the caller's own live session, starting exactly at the bytes received
 * (28106 names them otherwise), exactly the chunk's length (the last one what remains).
 */
export async function storeChunk(
  deps: { database: Database; store: FileStore; now: number },
  actor: Actor,
  input: { sessionId: number; offset: number; body: Buffer },
): Promise<ContentUploadSession> {
  return deps.database.db.transaction(async (tx) => {
    // Held while the chunk is written: a second chunk, or the complete, waits for this one.
    const s = await ownSession(tx, actor, input.sessionId, true);
    assertLive(s, deps.now);
    if (input.offset !== s.receivedBytes)
      throw new AppError(ErrorCodes.contentUploadOffset, { received: s.receivedBytes, offset: input.offset });
    const upload = sessionUpload(s);
    const index = checkChunk(upload, Math.floor(input.offset / s.chunkBytes), input.body.length);
    await deps.store.put(chunkKeyOf(upload, index), input.body, { contentType: 'application/octet-stream' });
    const row = await repo.updateUploadSession(tx, s.id, {
      receivedBytes: s.receivedBytes + input.body.length,
      updatedAt: new Date(deps.now),
    });
    return presentSession(row);
  });
}

/**
 * Joins the chunks and records the file (see the header). Runs its own short transactions: a
 * refusal after the join (wrong SHA-256, size or type) removes the session and its bytes, since
 * only a new upload can fix it; a fault leaves the session to be completed again.
 */
export async function completeSession(ctx: CallContext, actor: Actor, id: number): Promise<ContentAsset> {
  const { fileStore: store } = ctx.services;
  const now = ctx.clock.now();
  const s = await ownSession(ctx.db, actor, id);
  assertLive(s, now);
  if (s.receivedBytes !== s.size) throw new AppError(ErrorCodes.uploadIncomplete, { received: s.receivedBytes, size: s.size });
  const upload = sessionUpload(s);
  const rule = fileRule(s.use as ContentUploadUse);

  const discard = async (err: AppError, key?: string) => {
    if (key) await store.delete(key).catch(() => undefined);
    if (await repo.deleteUploadSession(ctx.db, s.id)) await removeChunks(store, upload).catch(() => undefined);
    return err;
  };

  // The type by content, read from the first chunk (the file's signature is at its start).
  const first = await store.get(chunkKeyOf(upload, 0));
  const head: Buffer[] = [];
  for await (const b of first.stream as AsyncIterable<Buffer>) head.push(b);
  let mime: string;
  try {
    mime = (await checkUpload(Buffer.concat(head), { fileName: s.name, allowed: rule.exts })).mime;
  } catch (err) {
    if (err instanceof AppError && (err.code === 1009 || err.code === 1011))
      throw await discard(new AppError(ErrorCodes.contentFileType, { types: typesText(rule.exts) }));
    throw err;
  }

  const at = new Date(now);
  const key = uploadKey(`content/${s.use}`, s.name, at);
  const put = await joinChunks(store, upload, key, mime);
  if (put.size !== s.size || put.sha256 !== s.sha256) throw await discard(new AppError(ErrorCodes.contentUploadChecksum), key);

  const asset = await ctx.db.transaction(async (tx) => {
    // A complete that ran at the same time already took the session: this copy goes.
    const still = await repo.findOwnUploadSession(tx, actor, s.id, true);
    if (!still) {
      await store.delete(key).catch(() => undefined);
      throw new AppError(ErrorCodes.notFound);
    }
    const file = await recordStoredFile({
      db: tx,
      store,
      companyId: actor.companyId,
      userId: actor.actingUserId ?? actor.userId,
      fileName: s.name,
      key,
      put,
      mime,
      isPublic: false,
      now: at,
    });
    const row = await repo.insertAsset(tx, {
      fileId: file.id,
      companyId: actor.companyId,
      companyPath: actor.companyPath,
      use: s.use,
      hash: put.sha256,
      format: extensionOf(s.name),
      width: null,
      height: null,
      variants: [],
      createdAt: at,
    });
    await repo.deleteUploadSession(tx, s.id);
    return presentAsset(row, file);
  });
  ctx.afterCommit(() => removeChunks(store, upload).catch((err: unknown) => ctx.log.warn({ err, id: s.id }, 'upload chunks not removed')));
  await ctx.audit({
    targetType: 'file',
    targetId: asset.fileId,
    after: { name: asset.name, size: asset.size, use: asset.use, sessionId: s.id },
  });
  return asset;
}

/** Removes sessions past their expiry with their chunks (idempotent; SKIP LOCKED). */
export async function purgeExpiredUploadSessions(database: Database, store: FileStore, now: number): Promise<number> {
  let purged = 0;
  for (;;) {
    const gone = await database.db.transaction((tx) => repo.unsafeDeleteExpiredUploadSessions(tx, new Date(now), 50));
    for (const s of gone) await removeChunks(store, sessionUpload(s)).catch(() => undefined);
    purged += gone.length;
    if (gone.length < 50) return purged;
  }
}
