import { BENCH_CASES, DEFAULT_BENCH_ACCOUNT } from './bench/cases';
import { login } from './bench/api';
import { runLoad } from './bench/load';
const origin = process.argv[2];
const ctx = { origin, log: console.error, login: (a = DEFAULT_BENCH_ACCOUNT) => login(origin, a.email, a.password) };
for (const name of ['baseline', 'company-list']) {
  const c = BENCH_CASES.get(name)!;
  if (c.kind !== 'load') continue;
  const t = await c.prepare(ctx);
  const r = await runLoad(origin, t, { connections: 10, duration: 5 });
  console.log(name, r);
}
