/**
 * The end users app-sim plays: each one registers (the code read from the outbox) or logs in, then
 * runs the behaviours in turn. A behaviour is one thing an end user does through the app; the
 * modules that extend the app-facing API add theirs to BEHAVIOURS (buy a plan, read messages, chat,
 * earn points) with a name, whether it is done for a user, and one step.
 */
import { appApiCalls, appMessageCalls, endUserLogAppCalls, ErrorCodes, SANDBOX_TEST_CARDS, storageAppCalls } from '@portal/contract';
import { AppClient, CallError, Outbox, type AppKey } from './client';

export interface SimUser {
  index: number;
  email: string;
  app: AppClient;
  /** Devices the user bound (SN). */
  devices: string[];
  /** What each behaviour keeps about the user, by behaviour name. */
  state: Record<string, unknown>;
}

/** Devices an end user may bind: SN and verification code, handed out once each. */
export interface DevicePool {
  take(): { sn: string; verifyCode: string } | undefined;
  /** How many are left. */
  size(): number;
}

export interface SimContext {
  pool: DevicePool;
  devicesPerUser: number;
  count(event: string): void;
  /** Shows a line (a push that reached a user). */
  show(line: string): void;
}

export interface Behaviour {
  name: string;
  /** True once the user needs this behaviour no more (for --until-done). */
  done(user: SimUser, ctx: SimContext): boolean;
  /** One step of it; thrown errors are counted and the step is tried again later. */
  step(user: SimUser, ctx: SimContext): Promise<void>;
}

/** Bind devices from the pool until the user has `devicesPerUser` (one bound elsewhere is skipped). */
export const bindDevices: Behaviour = {
  name: 'bind',
  done: (u, ctx) => u.devices.length >= ctx.devicesPerUser || ctx.pool.size() === 0,
  async step(u, ctx) {
    const d = ctx.pool.take();
    if (!d) return;
    try {
      await u.app.asUser(appApiCalls.deviceBind, { sn: d.sn, verifyCode: d.verifyCode });
      u.devices.push(d.sn);
      ctx.count('bound');
    } catch (err) {
      // Bound to someone else already (a seeded user, an earlier run): take the next one.
      if (err instanceof CallError && (err.code === ErrorCodes.boundUserDiffers || err.code === ErrorCodes.deviceCodeWrong)) {
        ctx.count('device taken');
        return;
      }
      throw err;
    }
  },
};

/** Look at the own devices now and then (the app's home screen). */
export const listDevices: Behaviour = {
  name: 'list',
  done: (u) => u.state.listed === true,
  async step(u, ctx) {
    await u.app.asUser(appApiCalls.deviceList, { pageNum: 1, pageSize: 20 });
    u.state.listed = true;
    ctx.count('listed');
  },
};

/** Sandbox test cards (apps/server payments/sandbox.ts). */
export const SIM_CARDS = { success: SANDBOX_TEST_CARDS.success, decline: SANDBOX_TEST_CARDS.decline } as const;

/**
 * Buy a cloud storage plan for the user's first bound device: the cheapest paid goods on sale for
 * it, paid at once with a sandbox test card; every fourth user's card is declined first, then the
 * order is paid with a good card (the order waits unpaid meanwhile, its unit kept).
 */
export const buyPlan: Behaviour = {
  name: 'buy',
  done: (u) => u.state.bought === true || (u.state.listed === true && u.devices.length === 0),
  async step(u, ctx) {
    if (u.devices.length === 0) return;
    const own = await u.app.asUser(appApiCalls.deviceList, { pageNum: 1, pageSize: 20 });
    const device = own.records.find((d) => d.sn === u.devices[0]) ?? own.records[0];
    if (!device) return;
    const platform = u.index % 2 === 0 ? 'android' : 'ios';
    const goods = await u.app.asUser(storageAppCalls.goodsList, { deviceId: device.id, platform });
    const pick = goods.records.filter((g) => !g.free && !g.soldOut).sort((a, b) => a.price - b.price)[0];
    if (!pick) {
      ctx.count('no goods');
      u.state.bought = true;
      return;
    }
    const declineFirst = u.index % 4 === 3;
    const key = `sim-${u.email}-${device.id}-${pick.goodsId}`.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64);
    const order = await u.app.asUser(storageAppCalls.orderCreate, {
      deviceId: device.id,
      goodsId: pick.goodsId,
      platform,
      idempotencyKey: key,
      card: declineFirst ? SIM_CARDS.decline : SIM_CARDS.success,
    });
    if (order.state !== 'paid') {
      ctx.count('declined');
      await u.app.asUser(storageAppCalls.orderPay, {
        orderId: order.orderId,
        idempotencyKey: `${key.slice(0, 58)}-retry`,
        card: SIM_CARDS.success,
      });
    }
    u.state.bought = true;
    ctx.count('paid');
  },
};

/** Register this install's push token (one per user), so the brand app's pushes reach it. */
export const registerPush: Behaviour = {
  name: 'push-token',
  done: (u) => u.state.pushToken !== undefined,
  async step(u, ctx) {
    const token = `app-sim-${u.email}`;
    await u.app.asUser(appMessageCalls.pushTokenRegister, { platform: u.index % 2 === 0 ? 'android' : 'ios', token });
    u.state.pushToken = token;
    ctx.count('push-tokens');
  },
};

/**
 * The notifications the user's phone got: with the local push provider (outbox, the default) the
 * server keeps them, and the app reads them through the app API; each is shown once. A silent
 * 'remove' push takes a withdrawn message's notification away.
 */
export const receivePushes: Behaviour = {
  name: 'pushes',
  done: (u) => u.state.pushesPolled === true,
  async step(u, ctx) {
    let after = Number(u.state.pushAfter ?? 0);
    for (;;) {
      const { items } = await u.app.asUser(appMessageCalls.pushOutbox, { afterId: after });
      for (const p of items) {
        after = p.id;
        if (p.kind === 'notify') {
          ctx.count('pushes');
          ctx.show(`push to ${u.email}: ${p.title} (${p.body})`);
        } else {
          ctx.count('pushes-removed');
          ctx.show(`push to ${u.email}: message ${p.messageId} withdrawn, notification removed`);
        }
      }
      if (items.length < 100) break;
    }
    u.state.pushAfter = after;
    u.state.pushesPolled = true;
  },
};

/** Open the inbox: read what is unread (the app's message centre). */
export const readInbox: Behaviour = {
  name: 'inbox',
  done: (u) => u.state.inboxRead === true,
  async step(u, ctx) {
    const page = await u.app.asUser(appMessageCalls.inboxList, { pageNum: 1, pageSize: 20, read: 'unread' });
    for (const m of page.records) {
      await u.app.asUser(appMessageCalls.inboxGet, { messageId: m.messageId });
      ctx.count('messages-read');
    }
    if (page.records.length) await u.app.asUser(appMessageCalls.inboxRead, { messageIds: page.records.map((m) => m.messageId) });
    u.state.inboxRead = true;
  },
};

/** Play the first bound device's video once; the stream does not come up, and the app reports it (end-user log). */
export const reportPlaybackFailure: Behaviour = {
  name: 'playback',
  done: (u) => u.state.playbackReported === true || u.devices.length === 0,
  async step(u, ctx) {
    const sn = u.devices[0];
    if (!sn) return;
    const { platform, appVersion } = u.app.install;
    await u.app.asUser(endUserLogAppCalls.playbackFailure, { sn, errorCode: 'P2P_TIMEOUT', platform, appVersion });
    u.state.playbackReported = true;
    ctx.count('playback-failures');
  },
};

/** What every simulated end user does after signing in, in order. Later modules append theirs. */
export const BEHAVIOURS: Behaviour[] = [bindDevices, listDevices, reportPlaybackFailure, buyPlan, registerPush, receivePushes, readInbox];

export interface PopulationOptions {
  origin: string;
  key: AppKey;
  users: number;
  emailPrefix: string;
  password: string;
  outbox: Outbox;
  pool: DevicePool;
  devicesPerUser: number;
  concurrency: number;
  behaviours?: Behaviour[];
  onProblem?: (message: string) => void;
  /** Lines to show as they happen (pushes received). */
  onShow?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

export class Population {
  readonly users: SimUser[] = [];
  readonly counts = new Map<string, number>();
  readonly problems = new Map<string, number>();
  private signedIn = 0;
  private stopped = false;
  private readonly behaviours: Behaviour[];
  private readonly ctx: SimContext;

  constructor(private readonly opts: PopulationOptions) {
    this.behaviours = opts.behaviours ?? BEHAVIOURS;
    this.ctx = {
      pool: opts.pool,
      devicesPerUser: opts.devicesPerUser,
      count: (e) => this.counts.set(e, (this.counts.get(e) ?? 0) + 1),
      show: (line) => opts.onShow?.(line),
    };
    for (let i = 1; i <= opts.users; i++) {
      const email = `${opts.emailPrefix}${String(i).padStart(5, '0')}@app-sim.local`;
      this.users.push({
        index: i,
        email,
        // Half the users on Android, half on iOS; every fourth still on the previous app version.
        app: new AppClient(opts.origin, opts.key, i % 3 === 0 ? 'zh-CN' : 'en-US', {
          platform: i % 2 === 0 ? 'ios' : 'android',
          appVersion: i % 4 === 0 ? '4.1.3' : '4.2.0',
        }),
        devices: [],
        state: {},
      });
    }
  }

  private sleep(ms: number) {
    return (this.opts.sleep ?? ((m) => new Promise<void>((r) => setTimeout(r, m))))(ms);
  }

  private problem(err: unknown) {
    const m = err instanceof Error ? err.message : String(err);
    this.problems.set(m, (this.problems.get(m) ?? 0) + 1);
    this.opts.onProblem?.(m);
  }

  /** Register the user, or log in when the e-mail is registered already (an earlier run). */
  private async signIn(u: SimUser): Promise<void> {
    try {
      u.app.session = await u.app.asApp(appApiCalls.login, { account: u.email, password: this.opts.password });
      this.ctx.count('logged in');
      return;
    } catch (err) {
      if (!(err instanceof CallError) || err.code !== ErrorCodes.wrongCredentials) throw err;
    }
    const since = Date.now();
    await u.app.asApp(appApiCalls.emailCode, { email: u.email, purpose: 'register' });
    let code: string | null = null;
    for (let i = 0; i < 20 && !code; i++) {
      code = await this.opts.outbox.codeFor(u.email, since);
      if (!code) await this.sleep(250);
    }
    if (!code) throw new Error(`no code mailed to ${u.email}`);
    u.app.session = await u.app.asApp(appApiCalls.register, {
      email: u.email,
      emailCode: code,
      password: this.opts.password,
      nickname: `Sim ${u.index}`,
      country: 'DE',
    });
    this.ctx.count('registered');
  }

  /** One user's life: sign in, then its behaviours until each is done (or the run stops). */
  private async live(u: SimUser): Promise<void> {
    while (!this.stopped && !u.app.session) {
      try {
        await this.signIn(u);
        this.signedIn++;
      } catch (err) {
        await this.backOff(err);
      }
    }
    for (const b of this.behaviours) {
      while (!this.stopped && !b.done(u, this.ctx)) {
        try {
          await b.step(u, this.ctx);
        } catch (err) {
          await this.backOff(err);
        }
      }
    }
  }

  /** A refusal for calling too often waits the seconds the server says; other problems a second. */
  private async backOff(err: unknown) {
    this.problem(err);
    const wait = err instanceof CallError && err.code === ErrorCodes.tooFrequent ? Number(err.params.seconds ?? 1) * 1000 : 1000;
    await this.sleep(Math.min(wait, 60_000));
  }

  async run(): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (!this.stopped && next < this.users.length) await this.live(this.users[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, this.users.length) }, worker));
  }

  stop() {
    this.stopped = true;
  }

  allDone(): boolean {
    return this.users.every((u) => u.app.session && this.behaviours.every((b) => b.done(u, this.ctx)));
  }

  progressLine(elapsedSeconds: number): string {
    const m = Math.floor(elapsedSeconds / 60);
    const t = `${String(m).padStart(2, '0')}:${String(Math.floor(elapsedSeconds % 60)).padStart(2, '0')}`;
    const events = [...this.counts].map(([k, v]) => `${k.replace(/ /g, '-')}=${v}`).join(' ');
    const problems = [...this.problems.values()].reduce((a, b) => a + b, 0);
    return `[${t}] users=${this.signedIn}/${this.users.length} ${events}${problems ? ` problems=${problems}` : ''}`.trimEnd();
  }
}
