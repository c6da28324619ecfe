/**
 * System messages: other modules (points, orders) post a message through this module's index. It
 * is released at once, in the caller's transaction, and its fan-out starts after that commits
 * (`postSystemMessage`); a message to a few named recipients is fanned out in that transaction
 * itself (`postSystemMessageInTx`), for callers without a call context (webhooks, jobs).
 */
import type { MessageAudience, MessageContents, MessageType } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import type { CallContext } from '../../lib/context';
import { fanoutPageIn, startFanout } from './fanout';
import { cleanBody } from './messages.service';
import { insertMessage, markReleased, unsafeCompanyPath } from './messages.repository';

export interface SystemMessage {
  /** The company the message comes from: recipients are within its subtree. */
  companyId: number;
  type: MessageType;
  contents: MessageContents;
  preferredLanguage: keyof MessageContents;
  audience: MessageAudience;
  link?: string;
}

function newSystemMessage(m: SystemMessage, companyPath: string, now: Date) {
  const contents = Object.fromEntries(Object.entries(m.contents).map(([l, c]) => [l, { title: c!.title, body: cleanBody(c!.body) }]));
  return {
    companyId: m.companyId,
    companyPath,
    createdBy: null,
    createdByName: '',
    system: true,
    type: m.type,
    contents,
    preferredLanguage: m.preferredLanguage,
    link: m.link ?? '',
    imageFileIds: [],
    audience: m.audience,
    senderAreaIds: [],
    now,
  };
}

/**
 * A system message to the end users or portal users it names (at most one fan-out page of them),
 * released and fanned out in the caller's transaction: it reaches their inboxes (and the live
 * channel, and the push queue, sent by the next push run) exactly when the caller's write commits,
 * and not at all if it rolls back. Answers the message id.
 */
export async function postSystemMessageInTx(db: Db | Tx, m: SystemMessage, now: Date): Promise<number> {
  const companyPath = await unsafeCompanyPath(db, m.companyId);
  const id = await insertMessage(db, newSystemMessage(m, companyPath, now));
  const generation = (await markReleased(db, id, now))!;
  // A named audience is one page (MESSAGE_FANOUT_PAGE is far above the 1,000 a message may name).
  while ((await fanoutPageIn(db, { messageId: id, generation }, now)) === 'more');
  return id;
}

export async function postSystemMessage(
  ctx: Pick<CallContext, 'db' | 'database' | 'services' | 'clock' | 'afterCommit'>,
  m: SystemMessage,
): Promise<number> {
  const now = new Date(ctx.clock.now());
  const companyPath = await unsafeCompanyPath(ctx.db, m.companyId);
  const id = await insertMessage(ctx.db, newSystemMessage(m, companyPath, now));
  const generation = (await markReleased(ctx.db, id, now))!;
  ctx.afterCommit(() => startFanout(ctx.database, ctx.services, { messageId: id, generation }, () => new Date(ctx.clock.now())));
  return id;
}
