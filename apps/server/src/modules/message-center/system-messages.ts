/**
 * System messages: other modules (points, orders) post a message through this module's index. It
 * is released at once, in the caller's transaction, and its fan-out starts after that commits.
 */
import type { MessageAudience, MessageContents, MessageType } from '@portal/contract';
import type { CallContext } from '../../lib/context';
import { startFanout } from './fanout';
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

export async function postSystemMessage(
  ctx: Pick<CallContext, 'db' | 'database' | 'services' | 'clock' | 'afterCommit'>,
  m: SystemMessage,
): Promise<number> {
  const now = new Date(ctx.clock.now());
  const companyPath = await unsafeCompanyPath(ctx.db, m.companyId);
  const contents = Object.fromEntries(Object.entries(m.contents).map(([l, c]) => [l, { title: c!.title, body: cleanBody(c!.body) }]));
  const id = await insertMessage(ctx.db, {
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
  });
  const generation = (await markReleased(ctx.db, id, now))!;
  ctx.afterCommit(() => startFanout(ctx.database, ctx.services, { messageId: id, generation }, () => new Date(ctx.clock.now())));
  return id;
}
