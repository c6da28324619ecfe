/**
 * npm run simulate -- --devices <n> --failure-rate <r> [options]
 *
 * Registers n simulated devices with a brand's provisioning key against a running server, keeps
 * them polling, and lets them upgrade when a release task hands them a package: download by the
 * signed URL in two Range requests, md5 check, installing, then success with the new version or
 * (with probability r) failed; a device asked for its log uploads a small gzip. Prints a progress
 * line until Ctrl-C, --duration or --until-done.
 */
import { printStopped, runCli, runUntilFinished } from './run-loop';
import { parseArgs } from 'node:util';
import { demoKeysFile, readDemoKeys } from '../seed/demo-keys';
import path from 'node:path';
import { REPO_ROOT, resolveUserPath } from '../seed/shared';
import { Fleet, progressLine, type FleetOptions } from './fleet';
import { FileKeyStore } from './keys';

const USAGE = `usage: npm run simulate -- --devices <n> [--failure-rate <r>] [options]
  --devices <n>          simulated devices (1-999999, default 10)
  --failure-rate <r>     probability 0-1 that an upgrade fails with FLASH_ERROR (default 0)
  --url <origin>         server (default http://localhost:8080)
  --key <key>            provisioning key (default env PROVISIONING_KEY, else Acme's key the demo seed kept in
                         DATA_DIR/secrets/demo-keys.json)
  --model <m>            device model (default IPC-200)
  --product-type <t>     IPC or NVR (default from the model prefix)
  --version <v>          firmware version the devices start on (default V1.0.0)
  --country <cc[,cc]>    ISO country codes, taken in turn (default DE)
  --sn-prefix <p>        SN prefix (A-Z, 0-9, - and _; default SIM-); the same prefix is the same fleet
  --poll-seconds <s>     cap on the server's poll interval, for demos (default: the server's)
  --install-seconds <s>  time a device spends installing (default 2)
  --concurrency <n>      HTTP requests in flight at most (default 50)
  --keys-file <path>     where the devices' own keys are kept between runs, per server (default .data/simulate-keys.json):
                         a registered device registers again only with its own key
  --duration <s>         stop after this many seconds (default: until Ctrl-C)
  --until-done           stop once every device has finished an upgrade (success or failure)`;

function fail(message: string): never {
  console.error(`simulate: ${message}\n${USAGE}`);
  process.exit(2);
}

function number(v: string | undefined, name: string, check: (n: number) => boolean): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || !check(n)) fail(`bad --${name} ${v}`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10' },
      'failure-rate': { type: 'string', default: '0' },
      url: { type: 'string', default: 'http://localhost:8080' },
      key: { type: 'string' },
      model: { type: 'string', default: 'IPC-200' },
      'product-type': { type: 'string' },
      version: { type: 'string', default: 'V1.0.0' },
      country: { type: 'string', default: 'DE' },
      'sn-prefix': { type: 'string', default: 'SIM-' },
      'poll-seconds': { type: 'string' },
      'install-seconds': { type: 'string', default: '2' },
      concurrency: { type: 'string', default: '50' },
      'keys-file': { type: 'string' },
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
  const tty = process.stdout.isTTY === true;
  const productType = (values['product-type'] ?? (/^nvr/i.test(values.model) ? 'NVR' : 'IPC')).toUpperCase();
  if (productType !== 'IPC' && productType !== 'NVR') fail('--product-type must be IPC or NVR');
  const countries = values.country
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  if (!countries.length || countries.some((c) => !/^[A-Z]{2}$/.test(c))) fail('--country takes ISO codes such as DE or DE,FR,US');

  const provisioningKey = values.key ?? process.env.PROVISIONING_KEY ?? readDemoKeys()?.provisioningKey;
  if (!provisioningKey) {
    fail(
      `no provisioning key: give --key (a brand's key is on its Devices screen), or seed the demo (npm run seed) to keep one in ${demoKeysFile()}`,
    );
  }
  const opts: FleetOptions = {
    url: values.url.replace(/\/+$/, ''),
    provisioningKey,
    devices: number(values.devices, 'devices', (n) => Number.isInteger(n) && n >= 1 && n <= 999_999)!,
    failureRate: number(values['failure-rate'], 'failure-rate', (n) => n >= 0 && n <= 1)!,
    model: values.model,
    productType,
    version: values.version,
    countries,
    snPrefix: values['sn-prefix'].toUpperCase(),
    pollCapSeconds: number(values['poll-seconds'], 'poll-seconds', (n) => n > 0) ?? null,
    installSeconds: number(values['install-seconds'], 'install-seconds', (n) => n >= 0)!,
    concurrency: number(values.concurrency, 'concurrency', (n) => Number.isInteger(n) && n >= 1)!,
    onProblem: (m) => process.stderr.write(`${tty ? '\n' : ''}simulate: ${m}\n`),
  };
  const keys = new FileKeyStore(
    values['keys-file'] ? resolveUserPath(values['keys-file']) : path.join(REPO_ROOT, '.data', 'simulate-keys.json'),
    opts.url,
  );
  opts.keys = keys;
  const duration = number(values.duration, 'duration', (n) => n > 0);

  console.log(
    `simulate: ${opts.devices} x ${opts.model} (${opts.productType}, ${opts.version}) as ${opts.snPrefix}000001..., ` +
      `countries ${countries.join(',')}, failure rate ${opts.failureRate}, against ${opts.url}` +
      (opts.pollCapSeconds !== null ? `, polling at most every ${opts.pollCapSeconds} s` : ''),
  );
  const fleet = new Fleet(opts);
  const startedAt = performance.now();
  const line = () => progressLine(fleet.stats(), (performance.now() - startedAt) / 1000);
  fleet.start();
  const reason = await runUntilFinished({
    name: 'simulate',
    line,
    allDone: () => fleet.allDone(),
    untilDone: !!values['until-done'],
    doneReason: 'every device is done',
    durationSeconds: duration,
    tickMs: 1000,
    printEveryMs: 10_000,
  });
  await fleet.stop();
  keys.flush();
  printStopped('simulate', line(), reason, fleet.problemCounts());
  return 0;
}

runCli('simulate', USAGE, main);
