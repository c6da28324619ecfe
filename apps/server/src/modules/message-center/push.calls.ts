/** Push settings of a brand app (portal), and the app API's message calls (the end user's own). */
import { appMessageCalls, pushSettingsCalls } from '@portal/contract';
import { requireEndUser, type CallContext } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import { inboxGet, inboxHide, inboxList, inboxRead, inboxReadAll, inboxUnread, type InboxOwner } from './inbox.service';
import {
  getPushSettings,
  listPushSettings,
  preferences,
  pushOutbox,
  registerToken,
  removeToken,
  savePushSettings,
  setPreferences,
  testSend,
} from './push.service';

const otherApp = { otherTenant: (fx: { otherAppKeyId: number }) => ({ appKeyId: fx.otherAppKeyId }) };
const own = { none: "the signed-in end user's own tokens, preferences and receipts only (recipient = the end user)" };

/** The app API's inbox: the signed-in end user's receipts. */
const endUserInbox: InboxOwner = (ctx: CallContext) => ({ me: { kind: 'end_user', id: requireEndUser(ctx).endUser.id }, actor: null });

export const pushImpls: CallImpl[] = [
  implement(pushSettingsCalls.list, { none: "lists the application keys of the caller's subtree only (push.test.ts)" }, (ctx, d) =>
    listPushSettings(ctx, d),
  ),
  implement(pushSettingsCalls.get, otherApp, (ctx, d) => getPushSettings(ctx, d.appKeyId)),
  implement(pushSettingsCalls.save, { otherTenant: (fx) => ({ appKeyId: fx.otherAppKeyId, provider: 'outbox' }) }, (ctx, d) =>
    savePushSettings(ctx, d),
  ),
  implement(
    pushSettingsCalls.testSend,
    { otherTenant: (fx) => ({ appKeyId: fx.otherAppKeyId, platform: 'android', token: 'other-token' }) },
    (ctx, d) => testSend(ctx, d),
  ),
  implement(appMessageCalls.pushTokenRegister, own, (ctx, d) => registerToken(ctx, d)),
  implement(appMessageCalls.pushTokenRemove, own, (ctx, d) => removeToken(ctx, d.token)),
  implement(appMessageCalls.preferencesGet, own, (ctx) => preferences(ctx)),
  implement(appMessageCalls.preferencesSet, own, (ctx, d) => setPreferences(ctx, d)),
  implement(appMessageCalls.pushOutbox, own, (ctx, d) => pushOutbox(ctx, d.afterId)),
  implement(appMessageCalls.inboxList, own, (ctx, d) => inboxList(ctx, d, endUserInbox)),
  implement(appMessageCalls.inboxGet, own, (ctx, d) => inboxGet(ctx, d.messageId, endUserInbox)),
  implement(appMessageCalls.inboxUnread, own, (ctx) => inboxUnread(ctx, endUserInbox)),
  implement(appMessageCalls.inboxRead, own, (ctx, d) => inboxRead(ctx, d.messageIds, endUserInbox)),
  implement(appMessageCalls.inboxReadAll, own, (ctx, d) => inboxReadAll(ctx, d.type, endUserInbox)),
  implement(appMessageCalls.inboxHide, own, (ctx, d) => inboxHide(ctx, d.messageIds, endUserInbox)),
];
