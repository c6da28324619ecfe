/**
 * npm run app-sim -- --users <n> [options]
 *
 * The end-user twin of `npm run simulate` (DOMAIN §5): plays n end users of a brand's app against
 * a running portal through the app-facing API. Each registers with a code e-mailed to it (read from
 * the portal's mail outbox as the supplier), or logs in when it exists from an earlier run, then
 * does what the app's users do (population.ts BEHAVIOURS: bind devices, list them, buy a plan,
 * register a push token, show the pushes the local provider kept for it, read the inbox). Devices come from `npm run simulate` (their verification codes are kept in its keys
 * file) and, for a demo brand, from the demo seed's devices. Prints a progress line until Ctrl-C,
 * --duration or --until-done.
 */
import { printStopped, runCli, runUntilFinished } from '../simulate/run-loop';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { demoVerifyCode } from '../seed/demo-app';
import { DEMO_FLEETS } from '../seed/demo-devices';
import { DEMO_APP_IDS, demoKeysFile, readDemoKeys, type DemoKeys } from '../seed/demo-keys';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { REPO_ROOT, resolveUserPath } from '../seed/shared';
import { FileKeyStore } from '../simulate/keys';
import { Outbox } from './client';
import { Population, type DevicePool } from './population';

const USAGE = `usage: npm run app-sim -- --users <n> [options]
  --users <n>             simulated end users (1-100000, default 10)
  --url <origin>          server (default http://localhost:8080)
  --app-id <id>           application key (default env APP_ID, else the demo seed's Acme Vision key)
  --secret <s>            its secret (default env APP_SECRET, else the demo key's, which the demo seed kept in
                          DATA_DIR/secrets/demo-keys.json)
  --devices-per-user <n>  devices each user binds (default 1)
  --email-prefix <p>      e-mails are <p>00001@app-sim.local...; the same prefix is the same users (default appsim)
  --password <pw>         the users' password (default Appsim#2026)
  --outbox-account <e>    supplier account that reads the mail outbox (default the demo supplier)
  --outbox-password <pw>  its password (default the demo password)
  --keys-file <path>      npm run simulate's keys file, for its devices' verification codes (default .data/simulate-keys.json)
  --no-demo-devices       bind only simulated devices, not the demo seed's
  --concurrency <n>       users acting at once (default 10)
  --duration <s>          stop after this many seconds (default: until Ctrl-C)
  --until-done            stop once every user has signed in and done every behaviour`;

function fail(message: string): never {
  console.error(`app-sim: ${message}\n${USAGE}`);
  process.exit(2);
}

function int(v: string | undefined, name: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) fail(`bad --${name} ${v}`);
  return n;
}

/** Devices handed out once each: the simulator's, then the demo brand's seeded ones. */
export function devicePool(simulated: Record<string, string>, demo: Array<{ sn: string; verifyCode: string }>): DevicePool {
  const list = [...Object.entries(simulated).map(([sn, verifyCode]) => ({ sn, verifyCode })), ...demo];
  let next = 0;
  return { take: () => list[next++], size: () => list.length - next };
}

/**
 * The seeded devices of a demo brand with their demo verification codes (tools/seed/demo-app.ts),
 * derived with the seed's key; none without the demo keys.
 */
export function demoDevices(appId: string, keys: DemoKeys | null): Array<{ sn: string; verifyCode: string }> {
  const company = DEMO_APP_IDS.find((k) => k.appId === appId)?.company;
  const fleet = DEMO_FLEETS.find((f) => f.company === company);
  if (!fleet || !keys) return [];
  return Array.from({ length: fleet.count }, (_, i) => {
    const n = i + 1;
    const sn = `${fleet.snPrefix}${n % 5 === 0 ? 'NVR' : 'IPC'}${String(n).padStart(5, '0')}`;
    return { sn, verifyCode: demoVerifyCode(sn, keys.verifyCodeKey) };
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '10' },
      url: { type: 'string', default: 'http://localhost:8080' },
      'app-id': { type: 'string' },
      secret: { type: 'string' },
      'devices-per-user': { type: 'string', default: '1' },
      'email-prefix': { type: 'string', default: 'appsim' },
      password: { type: 'string', default: 'Appsim#2026' },
      'outbox-account': { type: 'string' },
      'outbox-password': { type: 'string' },
      'keys-file': { type: 'string' },
      'no-demo-devices': { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '10' },
      duration: { type: 'string' },
      'until-done': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const origin = values.url.replace(/\/+$/, '');
  const demoKeys = readDemoKeys();
  const appId = values['app-id'] ?? process.env.APP_ID ?? DEMO_APP_IDS[0]!.appId;
  const secret = values.secret ?? process.env.APP_SECRET ?? demoKeys?.appKeys.find((k) => k.appId === appId)?.secret;
  if (!secret) fail(`no secret for ${appId}: give --secret, or seed the demo (npm run seed) to keep its keys in ${demoKeysFile()}`);
  if (!/^[a-z0-9_-]{1,40}$/i.test(values['email-prefix'])) fail('--email-prefix takes letters, digits, - and _');
  const supplier = DEMO_ACCOUNTS.find((a) => a.role === 'supplier admin')!;
  const keys = new FileKeyStore(
    values['keys-file'] ? resolveUserPath(values['keys-file']) : path.join(REPO_ROOT, '.data', 'simulate-keys.json'),
    origin,
  );
  const simulated = keys.verifyCodes();
  const pool = devicePool(simulated, values['no-demo-devices'] ? [] : demoDevices(appId, demoKeys));
  const tty = process.stdout.isTTY === true;
  const population = new Population({
    origin,
    key: { appId, secret },
    users: int(values.users, 'users', 1, 100_000),
    emailPrefix: values['email-prefix'],
    password: values.password,
    outbox: new Outbox(origin, {
      email: values['outbox-account'] ?? supplier.email,
      password: values['outbox-password'] ?? supplier.password,
    }),
    pool,
    devicesPerUser: int(values['devices-per-user'], 'devices-per-user', 0, 100),
    concurrency: int(values.concurrency, 'concurrency', 1, 1000),
    onProblem: (m) => process.stderr.write(`${tty ? '\n' : ''}app-sim: ${m}\n`),
    onShow: (m) => process.stdout.write(`${tty ? '\n' : ''}app-sim: ${m}\n`),
  });
  const duration = values.duration === undefined ? undefined : int(values.duration, 'duration', 1, 10_000_000);
  console.log(
    `app-sim: ${population.users.length} end users of app ${appId} against ${origin}, ` +
      `${pool.size()} devices to bind (${Object.keys(simulated).length} simulated)`,
  );

  const startedAt = performance.now();
  const line = () => population.progressLine((performance.now() - startedAt) / 1000);
  const running = population.run();
  const reason = await runUntilFinished({
    name: 'app-sim',
    line,
    allDone: () => population.allDone(),
    untilDone: !!values['until-done'],
    doneReason: 'every user is done',
    durationSeconds: duration,
    tickMs: 500,
    printEveryMs: 5_000,
    ends: running,
  });
  population.stop();
  await running;
  printStopped('app-sim', line(), reason, population.problems);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) runCli('app-sim', USAGE, main);
