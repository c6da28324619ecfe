// ESLint rule `portal/no-import-cycle`: no file may import (through any chain of static imports and
// re-exports, type-only ones included) a module that imports it back. import-x/no-cycle skips
// type-only imports, and issue 11 counts those cycles too (a type cycle still ties two files'
// shapes together). Dynamic `import()` is the way to load lazily and is not an edge.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: false,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const edgesCache = new Map(); // file -> [{ specifier, target }]

function resolve(specifier, fromFile) {
  const r = ts.resolveModuleName(specifier, fromFile, compilerOptions, ts.sys).resolvedModule;
  if (!r || (r.isExternalLibraryImport && !r.resolvedFileName.includes(`${path.sep}packages${path.sep}`))) return undefined;
  if (r.resolvedFileName.endsWith('.d.ts') || !existsSync(r.resolvedFileName)) return undefined;
  const real = realpathSync(r.resolvedFileName);
  return real.includes(`${path.sep}node_modules${path.sep}`) ? undefined : real;
}

function specifiersOf(file) {
  const text = ts.sys.readFile(file) ?? '';
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const out = [];
  for (const st of sf.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier))
      out.push(st.moduleSpecifier.text);
    else if (
      ts.isImportEqualsDeclaration(st) &&
      ts.isExternalModuleReference(st.moduleReference) &&
      ts.isStringLiteral(st.moduleReference.expression)
    )
      out.push(st.moduleReference.expression.text);
  }
  return out;
}

function edges(file) {
  let e = edgesCache.get(file);
  if (!e) {
    e = specifiersOf(file)
      .map((specifier) => ({ specifier, target: resolve(specifier, file) }))
      .filter((x) => x.target);
    edgesCache.set(file, e);
  }
  return e;
}

/** A path of files from `start` back to `goal`, or undefined. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    if (file === goal) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { target } of edges(file)) if (!seen.has(target)) stack.push([target, [...trail, target]]);
  }
  return undefined;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}. Move the shared piece into a file both can import.' },
  },
  create(context) {
    // lintText may name a file that is not on disk: then nothing imports it, and it is in no cycle.
    if (!existsSync(context.filename)) return {};
    const file = realpathSync(context.filename);
    const cwd = context.cwd;
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolve(source.value, file);
      if (!target || target === file) return;
      const trail = pathBack(target, file);
      if (trail)
        context.report({ node, messageId: 'cycle', data: { cycle: [file, ...trail].map((f) => path.relative(cwd, f)).join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
