/**
 * One policy per entity answers the caller's abilities and refuses the calls (issue 11 §2): for
 * several actors and entities in several states, every action the answer lists is carried out by
 * its call, and every action it leaves out is refused with a catalogue error (never a 200, never a
 * 500). Each action is tried on a fresh entity, so one action never changes what the next is
 * asked about. The module abilities calls (customer/user/abilities, customer/partner/abilities,
 * upgrade/abilities) are held to their calls the same way.
 */
import {
  ACCOUNT_MANAGE_ACTIONS,
  authCalls,
  CLOUD_UPGRADE_ACTIONS,
  COMPANY_ACTIONS,
  CORP_INFO_ACTIONS,
  DAY_MS,
  ErrorCodes,
  isKnownErrorCode,
  OWN_ACCOUNT_ACTIONS,
  PACKAGE_ABILITIES,
  PARTNER_ACTIONS,
  partnerCalls,
  TASK_ABILITIES,
  upgradeCalls,
  userCalls,
  companyCalls,
  deviceCalls,
  type ResourceCode,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, files, invitations, registrationAudits, releaseTasks, users, verificationCodes } from '../../src/db/schema';
import { sha256Hex } from '../../src/lib/secrets';
import { createTestApp, type Answer, type Session, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';
import { createCompany, createUser, PASSWORD } from '../support/fixtures';
import { createSyncedPackage, seedDevices } from '../support/upgrade-fixtures';
import { makePng } from '../lib/helpers/images';

const ACCOUNT_MGR: ResourceCode[] = ['dealer_account_qry', 'dealer_account_mgr'];
/** A matrix makes a few hundred calls, each on a fresh entity. */
const MATRIX_TIMEOUT = 240_000;

interface Actor {
  name: string;
  session: () => Session;
}

interface Matrix<A extends string, E> {
  actions: readonly A[];
  actors: Actor[];
  /** Entity variants; `fresh` makes a new one for the actor (what it may act on). */
  entities: { name: string; fresh: (actor: Actor) => Promise<E> }[];
  /** The actions answered with the entity to the actor; null when the entity does not exist for it. */
  read: (entity: E, session: Session) => Promise<A[] | null>;
  perform: (action: A, entity: E, session: Session) => Promise<Answer>;
}

/**
 * Runs the matrix; answers the mismatches (empty when the answer and the calls agree) and how many
 * actions were allowed and refused, so that a matrix that allows or refuses everything is noticed.
 */
async function runMatrix<A extends string, E>(m: Matrix<A, E>) {
  const mismatches: string[] = [];
  let allowed = 0;
  let refused = 0;
  for (const actor of m.actors) {
    for (const variant of m.entities) {
      for (const action of m.actions) {
        const entity = await variant.fresh(actor);
        const answered = await m.read(entity, actor.session());
        if (answered === null) continue;
        const r = await m.perform(action, entity, actor.session());
        const ok = r.basic.code === 200;
        const where = `${actor.name} / ${variant.name} / ${action}: answered [${answered.join(', ')}], call ${r.basic.code} ${r.basic.msg}`;
        if (ok !== answered.includes(action)) mismatches.push(where);
        if (!ok && (!isKnownErrorCode(r.basic.code) || r.basic.code === ErrorCodes.internal))
          mismatches.push(`not a catalogue refusal: ${where}`);
        if (ok) allowed++;
        else refused++;
      }
    }
  }
  return { mismatches, allowed, refused };
}

describe.each(ENGINES)('abilities answer exactly what the calls allow (%s)', (engine) => {
  let t: TestApp;
  let seq = 0;
  const sessions: Record<string, Session> = {};
  const actor = (name: string): Actor => ({ name, session: () => sessions[name]! });
  let visited: { id: number; path: string };
  let dealerMgrCompany: { id: number; path: string };

  const A = () => t.world.companies.partnerA;
  const EU = () => t.world.areas.eu.id;
  const now = () => t.clock.now();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { companies: c, areas } = t.world;
    await createUser(t.database, {
      companyId: c.partnerA.id,
      email: 'admin-a@test.local',
      userType: 'partner',
      userAuthType: 2,
      codes: ACCOUNT_MGR,
      areaIds: [areas.eu.id],
    });
    await createUser(t.database, {
      companyId: c.partnerA.id,
      email: 'viewer-a@test.local',
      userType: 'partner',
      userAuthType: 3,
      codes: ['dealer_account_qry', 'dealer_upgrade_qry'],
      areaIds: [areas.eu.id],
    });
    await createUser(t.database, {
      companyId: c.dealerA.id,
      email: 'dealer-mgr@test.local',
      userType: 'distributor',
      userAuthType: 2,
      codes: [...ACCOUNT_MGR, 'dealer_installerinvite_mgr'],
      areaIds: [areas.eu.id],
    });
    dealerMgrCompany = c.dealerA;
    sessions.owner = await t.login('owner-a@test.local');
    sessions.admin = await t.login('admin-a@test.local');
    sessions.viewer = await t.login('viewer-a@test.local');
    sessions.dealerMgr = await t.login('dealer-mgr@test.local');
    sessions.supplier = await t.login('supplier@test.local');

    // A remote-access visit: partner A's owner opens a downstream account that allows it.
    visited = await createCompany(t.database, {
      parentId: c.partnerA.id,
      type: 'distributor',
      level: 2,
      name: 'Visited Dealer',
      areaId: areas.eu.id,
    });
    await t.database.db.update(companies).set({ allowSuperiorAccess: true }).where(eq(companies.id, visited.id));
    await createUser(t.database, {
      companyId: visited.id,
      email: 'visited-owner@test.local',
      userType: 'distributor',
      codes: [...ACCOUNT_MGR, 'dealer_installerinvite_mgr', 'dealer_subcustomerinvite_mgr'],
      areaIds: [areas.eu.id],
    });
    const link = await t.call(partnerCalls.createRemoteAccessLink, { companyId: visited.id }, sessions.owner);
    expect(link.basic.code, link.basic.msg).toBe(200);
    const [, , grantId, token, coId] = link.data.path.split('/');
    const visit = await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token: token!, coId: Number(coId) }, null);
    expect(visit.basic.code, visit.basic.msg).toBe(200);
    sessions.remote = visit.data;
  });
  afterAll(() => t?.close());

  // ---------------------------------------------------------------------------------------------
  // Users
  // ---------------------------------------------------------------------------------------------

  /** The company an actor's fresh users are created in: its own (rank matters there) or one below it. */
  const userHome: Record<string, () => { id: number; type: string }> = {
    owner: () => ({ id: A().id, type: 'partner' }),
    admin: () => ({ id: A().id, type: 'partner' }),
    viewer: () => ({ id: t.world.companies.dealerA.id, type: 'distributor' }),
    remote: () => ({ id: visited.id, type: 'distributor' }),
  };

  async function freshUser(a: Actor, over: { status?: string; registered?: boolean; userAuthType?: number }) {
    const home = userHome[a.name]!();
    const u = await createUser(t.database, {
      companyId: home.id,
      email: `u${++seq}@abilities.test`,
      userType: home.type,
      userAuthType: over.userAuthType ?? 3,
      status: over.status,
    });
    if (over.registered === false) await t.database.db.update(users).set({ registered: false }).where(eq(users.id, u.id));
    return u.id;
  }

  it(
    'users: the answered actions are exactly the calls that succeed',
    async () => {
      const { mismatches, allowed, refused } = await runMatrix({
        actions: ['edit', 'editPermissions', 'reinvite', 'resetPassword', 'disable', 'enable', 'unlock', 'delete'] as const,
        actors: [actor('owner'), actor('admin'), actor('viewer'), actor('remote')],
        entities: [
          { name: 'registered staff', fresh: (a) => freshUser(a, {}) },
          { name: 'invited, not registered', fresh: (a) => freshUser(a, { registered: false }) },
          { name: 'disabled', fresh: (a) => freshUser(a, { status: 'operation_locked' }) },
          { name: 'auto-locked', fresh: (a) => freshUser(a, { status: 'auto_locked' }) },
          { name: 'an administrator', fresh: (a) => freshUser(a, { userAuthType: 2 }) },
          { name: 'deleted', fresh: (a) => freshUser(a, { status: 'deleted' }) },
        ],
        read: async (id, s) => {
          const r = await t.call(userCalls.get, { userId: id }, s);
          if (r.basic.code !== 200) return null;
          const listed = (
            await t.call(userCalls.list, { pageSize: 100, searchText: r.data.email, status: r.data.status }, s)
          ).data.records.find((u) => u.id === id);
          // The list answers the same abilities as the detail (one policy).
          expect(listed?.actions).toEqual(r.data.actions);
          return r.data.actions;
        },
        perform: async (action, id, s) => {
          const base = {
            userId: id,
            nickName: 'Renamed',
            phone: '',
            authResList: [] as ResourceCode[],
            areaIds: [] as number[],
            companyIds: [] as number[],
            appIds: [] as string[],
          };
          switch (action) {
            case 'edit':
              return t.call(userCalls.edit, base, s);
            case 'editPermissions':
              return t.call(userCalls.edit, { ...base, authResList: ['dealer_account_qry'] }, s);
            case 'reinvite':
              return t.call(userCalls.reinvite, { userId: id }, s);
            case 'resetPassword':
              return t.call(userCalls.resetPassword, { userId: id }, s);
            case 'disable':
              return t.call(userCalls.enable, { userId: id, enable: false }, s);
            case 'enable':
              return t.call(userCalls.enable, { userId: id, enable: true }, s);
            case 'unlock':
              return t.call(userCalls.unlock, { userId: id }, s);
            case 'delete':
              return t.call(userCalls.delete, { userId: id }, s);
          }
        },
      });
      expect(mismatches).toEqual([]);
      expect(allowed).toBeGreaterThan(20);
      expect(refused).toBeGreaterThan(20);
    },
    MATRIX_TIMEOUT,
  );

  it('users: yourself: edit (nickname and phone) only, every other action refused with 7033', async () => {
    const me = await t.call(userCalls.get, { userId: t.world.users.ownerA.id }, sessions.owner);
    expect(me.data.actions).toEqual(['edit']);
    const base = {
      userId: me.data.id,
      nickName: me.data.nickName,
      phone: '',
      authResList: me.data.authResList,
      areaIds: me.data.areaIds,
      companyIds: [],
      appIds: [],
    };
    expect((await t.call(userCalls.edit, base, sessions.owner)).basic.code).toBe(200);
    expect((await t.call(userCalls.edit, { ...base, authResList: [] }, sessions.owner)).basic.code).toBe(ErrorCodes.cannotOperateSelf);
    expect((await t.call(userCalls.enable, { userId: me.data.id, enable: false }, sessions.owner)).basic.code).toBe(
      ErrorCodes.cannotOperateSelf,
    );
  });

  it('account management: inviteUser is answered exactly to those whose invitation goes through', async () => {
    const { mismatches, allowed, refused } = await runMatrix({
      actions: ACCOUNT_MANAGE_ACTIONS,
      actors: [actor('owner'), actor('admin'), actor('viewer'), actor('remote')],
      entities: [{ name: 'the module', fresh: async () => null }],
      read: async (_none, s) => (await t.call(userCalls.abilities, {}, s)).data.actions,
      perform: (_action, _none, s) => t.call(userCalls.invite, { email: `invited${++seq}@abilities.test` }, s),
    });
    expect(mismatches).toEqual([]);
    expect([allowed, refused]).toEqual([2, 2]);
  });

  // ---------------------------------------------------------------------------------------------
  // The signed-in user's own account
  // ---------------------------------------------------------------------------------------------

  it('own account: the answered actions are exactly the calls that succeed (a remote visit: the profile only)', async () => {
    // Each action on a fresh account of its own (the password changes, the account is deleted).
    let fresh: Session | null = null;
    const self: Actor = { name: 'self', session: () => fresh! };
    const NEW_PASSWORD = 'Fresh#2026pw';
    const { mismatches, allowed, refused } = await runMatrix({
      actions: OWN_ACCOUNT_ACTIONS,
      actors: [self, actor('remote')],
      entities: [
        {
          name: 'own account',
          fresh: async (a) => {
            if (a === self) {
              const email = `self${++seq}@abilities.test`;
              await createUser(t.database, { companyId: A().id, email, userType: 'partner', userAuthType: 3, areaIds: [EU()] });
              fresh = await t.login(email);
            }
            return null;
          },
        },
      ],
      read: async (_none, s) => (await t.call(userCalls.infoGet, {}, s)).data.actions,
      perform: async (action, _none, s) => {
        switch (action) {
          case 'editProfile':
            return t.call(userCalls.infoSet, { nickName: 'Renamed Self', phone: '' }, s);
          case 'bindEmail': {
            const email = `bound${++seq}@abilities.test`;
            const image = await t.call(authCalls.imageCode, {}, s);
            await t.database.db
              .update(verificationCodes)
              .set({ codeHash: sha256Hex('ABCDE') })
              .where(eq(verificationCodes.id, image.data.codeId));
            const sent = await t.call(authCalls.emailBindCode, { email, imageCodeId: image.data.codeId, imageCode: 'abcde' }, s);
            // A visit is refused the code already (7050), as it is the binding.
            if (sent.basic.code !== 200) return sent;
            const code = (await t.lastMailTo(email))?.text.match(/\b(\d{6})\b/)?.[1] ?? '000000';
            return t.call(authCalls.emailBind, { email, emailCode: code }, s);
          }
          case 'changePassword':
            return t.call(userCalls.changePassword, { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, s);
          case 'unregister':
            return t.call(userCalls.unregister, { password: PASSWORD }, s);
        }
      },
    });
    expect(mismatches).toEqual([]);
    // The account itself all four; the visit the profile only (the credential calls: 7050).
    expect([allowed, refused]).toEqual([5, 3]);
  });

  // ---------------------------------------------------------------------------------------------
  // Companies and their registrations
  // ---------------------------------------------------------------------------------------------

  type CompanyVariant =
    'invited' | 'invited dealer' | 'active' | 'open to visits' | 'frozen' | 'pending registration' | 'rejected registration';
  const companyParent: Record<string, () => { id: number; path: string }> = {
    owner: () => A(),
    dealerMgr: () => dealerMgrCompany,
    viewer: () => t.world.companies.dealerA,
    remote: () => visited,
  };

  async function freshCompany(a: Actor, variant: CompanyVariant) {
    const parent = companyParent[a.name]!();
    const n = ++seq;
    const type = variant === 'invited dealer' ? 'distributor' : variant.includes('registration') ? 'customer' : 'installer';
    const status =
      variant.startsWith('invited') || variant.includes('registration') ? 'inactive' : variant === 'frozen' ? 'frozen' : 'active';
    const c = await createCompany(t.database, { parentId: parent.id, type, name: `Company ${n}`, areaId: EU(), status });
    const inviter = { inviterCompanyId: parent.id, inviterUserId: t.world.users.ownerA.id, name: c.name, email: `c${n}@abilities.test` };
    // Sent two minutes ago: a re-invite is not "too frequent".
    const sent = { createdAt: new Date(now() - 120_000), expiresAt: new Date(now() + 7 * DAY_MS) };
    if (variant.startsWith('invited')) {
      await t.database.db.insert(invitations).values({ kind: type, companyId: c.id, ...inviter, ...sent });
      return c.id;
    }
    const owner = await createUser(t.database, { companyId: c.id, email: `owner${n}@abilities.test`, userType: type, codes: ACCOUNT_MGR });
    await t.database.db.insert(invitations).values({ kind: type, companyId: c.id, ...inviter, ...sent, status: 'used' });
    if (variant.includes('registration')) {
      await t.database.db.insert(registrationAudits).values({
        companyId: c.id,
        approverCompanyId: parent.id,
        applicantUserId: owner.id,
        status: variant === 'pending registration' ? 'pending' : 'rejected',
      });
    }
    if (variant === 'open to visits')
      await t.database.db.update(companies).set({ allowSuperiorAccess: true }).where(eq(companies.id, c.id));
    return c.id;
  }

  const REINVITE = {
    installer: partnerCalls.reinviteInstaller,
    distributor: partnerCalls.reinviteDealer,
    customer: partnerCalls.reinviteSubCustomer,
  } as const;

  it(
    'companies: the answered actions are exactly the calls that succeed, in the list, the detail and the registration audit alike',
    async () => {
      const variants: CompanyVariant[] = [
        'invited',
        'invited dealer',
        'active',
        'open to visits',
        'frozen',
        'pending registration',
        'rejected registration',
      ];
      const { mismatches, allowed, refused } = await runMatrix({
        actions: COMPANY_ACTIONS,
        actors: [actor('owner'), actor('dealerMgr'), actor('viewer'), actor('remote')],
        entities: variants.map((v) => ({ name: v, fresh: (a: Actor) => freshCompany(a, v) })),
        read: async (id, s) => {
          const detail = await t.call(partnerCalls.companyDetail, { companyId: id }, s);
          if (detail.basic.code !== 200) return null;
          const { actions, name } = detail.data.company;
          const listed = (await t.call(companyCalls.list, { searchText: name, pageSize: 100 }, s)).data.records.find((c) => c.id === id);
          expect(listed?.actions).toEqual(actions);
          expect((await t.call(companyCalls.get, { companyId: id }, s)).data.actions).toEqual(actions);
          if (detail.data.audit) {
            const row = (await t.call(partnerCalls.auditPage, { searchText: name, pageSize: 100 }, s)).data.records.find(
              (r) => r.companyId === id,
            );
            expect(row?.actions).toEqual(actions.filter((a) => a === 'approve' || a === 'reject'));
            expect(detail.data.audit.actions).toEqual(row?.actions);
          }
          return actions;
        },
        perform: async (action, id, s) => {
          const companyId = id;
          switch (action) {
            case 'update':
              return t.call(
                partnerCalls.updateCompany,
                { companyId, name: 'Renamed Co', contact: '', telephone: '', email: '', userLimit: 10 },
                s,
              );
            case 'freeze':
              return t.call(partnerCalls.freezeCompany, { companyId }, s);
            case 'unfreeze':
              return t.call(partnerCalls.unfreezeCompany, { companyId }, s);
            case 'reinvite': {
              const [c] = await t.database.db.select({ type: companies.type }).from(companies).where(eq(companies.id, companyId));
              return t.call(REINVITE[c!.type as keyof typeof REINVITE], { companyId }, s);
            }
            case 'undoInvite':
              return t.call(partnerCalls.undoInvite, { companyId }, s);
            case 'approve':
              return t.call(partnerCalls.approveRegistration, { companyId }, s);
            case 'reject':
              return t.call(partnerCalls.rejectRegistration, { companyId, reason: 'Details could not be verified' }, s);
            case 'remoteAccess':
              return t.call(partnerCalls.createRemoteAccessLink, { companyId }, s);
          }
        },
      });
      expect(mismatches).toEqual([]);
      expect(allowed).toBeGreaterThan(15);
      expect(refused).toBeGreaterThan(40);
    },
    MATRIX_TIMEOUT,
  );

  it('companies: nothing is offered on your own company', async () => {
    const own = await t.call(companyCalls.get, { companyId: A().id }, sessions.owner);
    expect(own.data.actions).toEqual([]);
    expect((await t.call(partnerCalls.freezeCompany, { companyId: A().id }, sessions.owner)).basic.code).toBe(ErrorCodes.notFound);
  });

  it('partner network: the kinds answered are exactly those whose invitation goes through', async () => {
    const INVITE = {
      inviteInstaller: partnerCalls.inviteInstaller,
      inviteDistributor: partnerCalls.inviteDealer,
      inviteCustomer: partnerCalls.inviteSubCustomer,
    } as const;
    const { mismatches, allowed, refused } = await runMatrix({
      actions: PARTNER_ACTIONS,
      actors: [actor('owner'), actor('dealerMgr'), actor('viewer'), actor('remote')],
      entities: [{ name: 'the module', fresh: async () => null }],
      read: async (_none, s) => (await t.call(partnerCalls.abilities, {}, s)).data.actions,
      perform: (action, _none, s) => t.call(INVITE[action], { name: `Invited ${++seq}`, email: `kind${seq}@abilities.test` }, s),
    });
    expect(mismatches).toEqual([]);
    // The owner invites all three kinds; the dealer's manager installers only (no dealers: partners only, 7044).
    expect([allowed, refused]).toEqual([4, 8]);
  });

  it('corporate information: edit, logo and the consent switch exactly as answered', async () => {
    const logo = makePng(720, 200);
    const { mismatches, allowed, refused } = await runMatrix({
      actions: CORP_INFO_ACTIONS,
      actors: [actor('owner'), actor('viewer'), actor('remote')],
      entities: [{ name: 'own company', fresh: async () => null }],
      read: async (_none, s) => {
        const r = await t.call(partnerCalls.corpInfo, {}, s);
        return r.basic.code === 200 ? r.data.actions : null;
      },
      perform: async (action, _none, s) => {
        const info = (await t.call(partnerCalls.corpInfo, {}, s)).data;
        if (action === 'edit')
          return t.call(
            partnerCalls.setCorpInfo,
            { name: info.name, contact: info.contact, telephone: info.telephone, email: info.email },
            s,
          );
        if (action === 'setRemoteAccess') return t.call(partnerCalls.setRemoteAccess, { allow: info.allowSuperiorAccess }, s);
        // A logo uploaded by the caller's company (any stored file where the caller may not upload: refused before it is read).
        const file = await t.upload(s, 'logo', `logo${++seq}.png`, logo).catch(() => null);
        const fileId = file?.fileId ?? (await t.database.db.select({ id: files.id }).from(files).limit(1))[0]!.id;
        return t.call(partnerCalls.setLogo, { fileId }, s);
      },
    });
    expect(mismatches).toEqual([]);
    // The owner all three; the remote visit edit and logo, not the switch; the viewer nothing.
    expect([allowed, refused]).toEqual([5, 4]);
  });

  // ---------------------------------------------------------------------------------------------
  // Firmware packages, release tasks, the cloud-upgrade module
  // ---------------------------------------------------------------------------------------------

  type PackageVariant =
    | 'synced'
    | 'past its validity'
    | 'used by a running task'
    | 'abandoned'
    | 'upload_incomplete'
    | 'verification_failed'
    | 'sync_failed'
    | 'deleted';

  async function freshPackage(variant: PackageVariant) {
    const status = variant === 'past its validity' || variant === 'used by a running task' ? 'synced' : variant;
    const syncedAt = new Date(variant === 'past its validity' ? now() - 200 * DAY_MS : now());
    const pkg = await createSyncedPackage(t.database, t.fileStore, {
      companyId: A().id,
      companyPath: A().path,
      versionName: `V9.${++seq}`,
      status,
      syncedAt,
    });
    if (variant === 'used by a running task') {
      await t.database.db.insert(releaseTasks).values({
        pkgId: pkg.id,
        companyId: A().id,
        companyPath: A().path,
        releaseType: 'full',
        areaIds: [t.world.areas.us.id],
        target: {},
        status: 'in_release',
        startAt: new Date(now()),
        endAt: new Date(now() + 30 * DAY_MS),
        gates: {},
        createdByName: 'owner-a',
      });
    }
    return pkg.id;
  }

  it(
    'packages: the answered actions are exactly the calls that succeed',
    async () => {
      const variants: PackageVariant[] = [
        'synced',
        'past its validity',
        'used by a running task',
        'abandoned',
        'upload_incomplete',
        'verification_failed',
        'sync_failed',
        'deleted',
      ];
      const { mismatches, allowed, refused } = await runMatrix({
        actions: PACKAGE_ABILITIES,
        actors: [actor('owner'), actor('viewer'), actor('supplier')],
        entities: variants.map((v) => ({ name: v, fresh: () => freshPackage(v) })),
        read: async (pkgId, s) => {
          const r = await t.call(upgradeCalls.packageGet, { pkgId }, s);
          if (r.basic.code !== 200) return null;
          const listed = (
            await t.call(upgradeCalls.packageList, { searchText: r.data.versionName, status: r.data.status, pageSize: 100 }, s)
          ).data.records.find((p) => p.pkgId === pkgId);
          expect(listed?.actions).toEqual(r.data.actions);
          return r.data.actions;
        },
        perform: (action, pkgId, s) => {
          switch (action) {
            case 'edit':
              return t.call(
                upgradeCalls.packageUpdate,
                {
                  pkgId,
                  compatibleVersions: ['V1.0.0'],
                  validityDays: 30,
                  isTest: false,
                  descriptions: { 'en-US': 'Edited' },
                  signSheetFileId: null,
                },
                s,
              );
            case 'release':
              return t.call(upgradeCalls.taskPreview, { pkgId, releaseType: 'full', areaIds: [EU()] }, s);
            case 'continueUpload':
              return t.call(upgradeCalls.storageInfo, { pkgId, action: 'upload' }, s);
            default:
              return t.call(upgradeCalls.packageOperate, { pkgId, action }, s);
          }
        },
      });
      expect(mismatches).toEqual([]);
      expect(allowed).toBeGreaterThan(15);
      expect(refused).toBeGreaterThan(40);
    },
    MATRIX_TIMEOUT,
  );

  /** A task of partner A on its own package and devices: unreleased (starts tomorrow) or running. */
  async function freshTask(state: 'unreleased' | 'in_release') {
    const model = `AB-${++seq}`;
    await seedDevices(t.database, {
      at: now(),
      companyId: A().id,
      companyPath: A().path,
      count: 3,
      areaId: EU(),
      model,
      snPrefix: `AB${seq}S`,
      macOui: `AB${(seq % 256).toString(16).padStart(2, '0').toUpperCase()}00`,
    });
    const pkg = await createSyncedPackage(t.database, t.fileStore, {
      companyId: A().id,
      companyPath: A().path,
      versionName: `V8.${seq}`,
      models: [model],
      syncedAt: new Date(now()),
    });
    const startAt = state === 'unreleased' ? now() + DAY_MS : now();
    const r = await t.call(
      upgradeCalls.taskBatchSubmit,
      { tasks: [{ target: { pkgId: pkg.id, releaseType: 'full', areaIds: [EU()] }, startAt, endAt: now() + 30 * DAY_MS }] },
      sessions.owner,
    );
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data.taskIds[0]!;
  }

  it(
    'release tasks: the answered actions are exactly the calls that succeed',
    async () => {
      const { mismatches, allowed, refused } = await runMatrix({
        actions: TASK_ABILITIES,
        actors: [actor('owner'), actor('viewer'), actor('supplier')],
        entities: [
          { name: 'unreleased', fresh: () => freshTask('unreleased') },
          { name: 'in release', fresh: () => freshTask('in_release') },
        ],
        read: async (taskId, s) => {
          const r = await t.call(upgradeCalls.taskGet, { taskId }, s);
          return r.basic.code === 200 ? r.data.actions : null;
        },
        perform: (action, taskId, s) => {
          if (action === 'update') return t.call(upgradeCalls.taskUpdate, { taskId, endAt: now() + 40 * DAY_MS }, s);
          if (action === 'delete') return t.call(upgradeCalls.taskDelete, { taskId }, s);
          return t.call(upgradeCalls.taskOperate, { taskId, action }, s);
        },
      });
      expect(mismatches).toEqual([]);
      expect(allowed).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(30);
    },
    MATRIX_TIMEOUT,
  );

  it('cloud upgrade: upload, release, import, the provisioning key and customer attribution exactly as answered', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Devices');
    ws.addRow(['SN', 'MAC']);
    ws.addRow(['ABILITY000001', 'ABCDEF000001']);
    const sheet = Buffer.from(await wb.xlsx.writeBuffer());
    const { mismatches, allowed, refused } = await runMatrix({
      actions: CLOUD_UPGRADE_ACTIONS,
      actors: [actor('owner'), actor('viewer'), actor('supplier')],
      entities: [{ name: 'the module', fresh: async () => null }],
      read: async (_none, s) => (await t.call(upgradeCalls.abilities, {}, s)).data.actions,
      perform: async (action, _none, s) => {
        switch (action) {
          case 'uploadPackage':
            return t.call(
              upgradeCalls.packageCreate,
              {
                versionName: `V7.${++seq}`,
                productType: 'IPC',
                models: ['IPC-200'],
                compatibleVersions: ['V1.0.0'],
                validityDays: 30,
                isTest: false,
                descriptions: { 'en-US': 'New' },
                signSheetFileId: null,
                fileName: 'fw.bin',
                size: 10,
                md5: '0'.repeat(32),
              },
              s,
            );
          case 'release':
            return t.call(upgradeCalls.taskPreview, { pkgId: await freshPackage('synced'), releaseType: 'full', areaIds: [EU()] }, s);
          case 'provisioningKey':
            return t.call(deviceCalls.provisioningKey, {}, s);
          case 'assignCustomer': {
            // One of partner A's devices, attributed to its dealer (the supplier sees every brand's).
            const { partnerA, dealerA } = t.world.companies;
            const [deviceId] = await seedDevices(t.database, {
              companyId: partnerA.id,
              companyPath: partnerA.path,
              count: 1,
              areaId: t.world.areas.eu.id,
              snPrefix: `ABLC${++seq}X`,
              macOui: `AB${(0x10 + seq).toString(16).toUpperCase().padStart(4, '0')}`,
              at: now(),
            });
            return t.call(deviceCalls.assignCustomer, { deviceIds: [deviceId!], customerId: dealerA.id }, s);
          }
          case 'importDevices': {
            // The caller's own upload (any stored file where the caller may not upload: refused before it is read).
            const file = await t.upload(s, 'import', `devices${++seq}.xlsx`, sheet).catch(() => null);
            const fileId = file?.fileId ?? (await t.database.db.select({ id: files.id }).from(files).limit(1))[0]!.id;
            return t.call(deviceCalls.import, { fileId }, s);
          }
        }
      },
    });
    expect(mismatches).toEqual([]);
    // The owner and the supplier all five; the viewer (dealer_upgrade_qry only) none.
    expect([allowed, refused]).toEqual([10, 5]);
  });
});
