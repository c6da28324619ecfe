/**
 * Applications in the portal: create and rotate application keys (the secret sealed at rest with
 * lib/secrets sealSecret, config sealKeys, and answered once), disable and enable them; freeze and unfreeze end users.
 */
import { ErrorCodes, appKeyMachine, endUserMachine, type AppKeyState, type EndUserState } from '@portal/contract';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { randomToken } from '../../lib/secrets';
import { sealSecret } from '../../lib/secrets';
import { findAppKeyInSubtree, findBrandInSubtree, insertAppKey, moveAppKey, replaceAppKeySecret } from './app-keys.repository';
import { appKeyPolicy, appManagePolicy, endUserPolicy } from './app-keys.policy';
import { presentAppKeys, presentEndUsers } from './app-keys.presenter';
import { endAllEndUserSessions, findEndUserInSubtree, invalidateEndUserTotals, moveEndUserInSubtree } from './end-users.repository';

/** A new secret: 32 random bytes (base64url). */
const newSecret = () => randomToken(32);
/** A new appId: public, 20 hex digits. */
const newAppId = () => `app${randomBytes(10).toString('hex')}`;

async function keyOf(ctx: CallContext, id: number) {
  const key = await findAppKeyInSubtree(ctx.db, requireActor(ctx), id);
  if (!key) throw new AppError(ErrorCodes.notFound);
  return key;
}

export async function createAppKey(ctx: CallContext, d: { name: string; companyId?: number }) {
  const actor = requireActor(ctx);
  authorize(appManagePolicy, actor, null, 'createKey');
  // A key belongs to one brand: a partner's own company, or the partner the supplier names.
  const brand = await findBrandInSubtree(ctx.db, actor, d.companyId ?? actor.companyId);
  if (!brand) throw new AppError(ErrorCodes.notFound);
  if (brand.type !== 'partner') throw new AppError(ErrorCodes.appBrandInvalid);
  const secret = newSecret();
  const id = await insertAppKey(ctx.db, {
    companyId: brand.id,
    companyPath: brand.path,
    appId: newAppId(),
    name: d.name,
    secretEnc: sealSecret(ctx.services.config.sealKeys, secret),
    secretLast4: secret.slice(-4),
    createdBy: actor.userId,
    now: new Date(ctx.clock.now()),
  });
  const key = await keyOf(ctx, id);
  await ctx.audit({
    targetType: 'appKey',
    targetId: id,
    companyId: brand.id,
    companyPath: brand.path,
    after: { name: d.name, appId: key.appId },
  });
  return { key: presentAppKeys(actor, [key])[0]!, secret };
}

export async function rotateAppKey(ctx: CallContext, id: number) {
  const actor = requireActor(ctx);
  const before = await keyOf(ctx, id);
  authorize(appKeyPolicy, actor, before, 'rotate');
  const secret = newSecret();
  await replaceAppKeySecret(
    ctx.db,
    actor,
    id,
    sealSecret(ctx.services.config.sealKeys, secret),
    secret.slice(-4),
    new Date(ctx.clock.now()),
  );
  const key = await keyOf(ctx, id);
  await ctx.audit({ targetType: 'appKey', targetId: id, companyId: key.companyId, companyPath: key.companyPath, after: { rotated: true } });
  return { key: presentAppKeys(actor, [key])[0]!, secret };
}

export async function moveKey(ctx: CallContext, id: number, action: 'disable' | 'enable') {
  const actor = requireActor(ctx);
  const before = await keyOf(ctx, id);
  authorize(appKeyPolicy, actor, before, action);
  const to = appKeyMachine.next(before.status as AppKeyState, action);
  if (!(await moveAppKey(ctx.db, actor, id, before.status, to))) throw new AppError(ErrorCodes.illegalTransition);
  await ctx.audit({
    targetType: 'appKey',
    targetId: id,
    companyId: before.companyId,
    companyPath: before.companyPath,
    before: { status: before.status },
    after: { status: to },
  });
  return presentAppKeys(actor, [await keyOf(ctx, id)])[0]!;
}

async function endUserOf(ctx: CallContext, id: number) {
  const user = await findEndUserInSubtree(ctx.db, requireActor(ctx), id);
  if (!user) throw new AppError(ErrorCodes.notFound);
  return user;
}

export async function moveEndUser(ctx: CallContext, id: number, action: 'freeze' | 'unfreeze') {
  const actor = requireActor(ctx);
  const before = await endUserOf(ctx, id);
  authorize(endUserPolicy, actor, before, action);
  const to = endUserMachine.next(before.status as EndUserState, action);
  if (!(await moveEndUserInSubtree(ctx.db, actor, id, before.status, to))) throw new AppError(ErrorCodes.illegalTransition);
  invalidateEndUserTotals(ctx.services.totals, before.companyPath);
  // A frozen user is signed out everywhere at once.
  if (action === 'freeze') await endAllEndUserSessions(ctx.db, id, 'frozen', new Date(ctx.clock.now()));
  await ctx.audit({
    targetType: 'endUser',
    targetId: id,
    companyId: before.companyId,
    companyPath: before.companyPath,
    before: { status: before.status },
    after: { status: to },
  });
  return presentEndUsers(actor, [await endUserOf(ctx, id)])[0]!;
}
