import { build } from 'vite';
const out = [];
await build({ logLevel: 'warn', build: { outDir: '/tmp/dist-analyze', emptyOutDir: true }, plugins: [{ name: 'an', generateBundle(_o, bundle) {
  for (const c of Object.values(bundle)) if (c.type === 'chunk') {
    const mods = Object.entries(c.modules).map(([id, m]) => [m.renderedLength, id.replace(/.*node_modules\//, 'nm/').replace(/.*apps\/web\//,'web/').replace(/.*packages\//,'pkg/')]).sort((a,b)=>b[0]-a[0]);
    out.push({ name: c.fileName, len: c.code.length, mods });
  }
}}]});
const want = process.argv.slice(2);
for (const c of out) if (want.some(w => c.name.includes(w))) {
  console.log('==', c.name, c.len);
  // group by package
  const g = {};
  for (const [l, id] of c.mods) { const k = id.startsWith('nm/') ? id.split('/').slice(1, id.split('/')[1].startsWith('@')?3:2).join('/') : id; g[k]=(g[k]||0)+l; }
  for (const [k,v] of Object.entries(g).sort((a,b)=>b[1]-a[1]).slice(0,40)) console.log(v, k);
}
