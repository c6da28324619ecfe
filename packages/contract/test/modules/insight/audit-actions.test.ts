/**
 * The typed audit actions (issue 15 §5): every write call of the portal has an entry (a new module's
 * write call without one fails here), so does every read call that makes an export or download
 * link; codes are unique and named by their module; an operate call's moves all have words; and
 * every entry renders in both locales without a path, an id or a placeholder left over.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_MODULE_LABELS,
  AUDIT_MODULES,
  auditActionByCode,
  auditCodeOf,
  renderAuditSentence,
} from '../../../src/modules/insight/audit-actions';
import { isAppCall } from '../../../src/shared/define-call';
import { ALL_CALLS } from '../../../src/registry';

const portalWrites = ALL_CALLS.filter((c) => c.write && !isAppCall(c));

/** The values a data field of a call's schema may take (an enum's options, a boolean's two). */
function fieldValues(schema: z.ZodType, field: string): string[] | null {
  let s = schema as unknown as { shape?: Record<string, unknown>; unwrap?: () => unknown; _def?: { innerType?: unknown } };
  while (!s.shape && s._def?.innerType) s = s._def.innerType as typeof s;
  let f = s.shape?.[field] as { options?: unknown[]; _def?: { innerType?: unknown; type?: string } } | undefined;
  while (f && !f.options && f._def?.innerType) f = f._def.innerType as typeof f;
  if (!f) return null;
  if (f.options) return f.options.map(String);
  if (f._def?.type === 'boolean') return ['true', 'false'];
  return null;
}

describe('audit action registry', () => {
  it('has an entry for every write call of the portal', () => {
    expect(portalWrites.length).toBeGreaterThanOrEqual(100);
    const missing = portalWrites.filter((c) => !AUDIT_ACTIONS[c.path]).map((c) => c.path);
    expect(missing, 'write calls without an audit action (add them to AUDIT_ACTIONS)').toEqual([]);
  });

  it('logs every read call that makes an export or a download link', () => {
    const linkCalls = ALL_CALLS.filter(
      (c) => !c.write && !isAppCall(c) && /signed link|as an xlsx/i.test(c.summary) && !/registration/i.test(c.summary),
    );
    expect(linkCalls.length).toBeGreaterThanOrEqual(7);
    for (const c of linkCalls) expect(AUDIT_ACTIONS[c.path]?.read, c.path).toBeDefined();
  });

  it('names no call that does not exist, and has unique codes named by their module', () => {
    const paths = new Set(ALL_CALLS.map((c) => c.path));
    const events = ['auth/login', 'auth/logout', 'auth/login-failed', 'auth/lockout'];
    for (const key of Object.keys(AUDIT_ACTIONS)) expect(paths.has(key) || events.includes(key), key).toBe(true);
    const codes = Object.values(AUDIT_ACTIONS).map((a) => a.code);
    // One code per entry, except those sharing a sentence on purpose: none.
    expect(new Set(codes).size).toBe(codes.length);
    for (const a of Object.values(AUDIT_ACTIONS)) {
      expect(AUDIT_MODULES).toContain(a.module);
      expect(a.code.startsWith(`${a.module}.`), a.code).toBe(true);
      expect(auditActionByCode(a.code)).toBe(a);
    }
    for (const m of AUDIT_MODULES) expect(AUDIT_MODULE_LABELS[m].zh).not.toBe(AUDIT_MODULE_LABELS[m].en);
  });

  it('has words for every move of an operate call', () => {
    for (const c of portalWrites) {
      const def = AUDIT_ACTIONS[c.path];
      if (!def?.op) continue;
      const values = fieldValues(c.data, def.op.field);
      expect(values, `${c.path}.${def.op.field}`).not.toBeNull();
      expect(Object.keys(def.op.labels).sort(), c.path).toEqual([...values!].sort());
    }
  });

  it('renders every entry in both locales without a path, an id or a placeholder', () => {
    for (const [path, def] of Object.entries(AUDIT_ACTIONS)) {
      const op = def.op ? Object.keys(def.op.labels)[0] : undefined;
      const row = {
        code: def.code,
        action: path,
        actorName: 'Ann',
        targetName: 'V5.7.2 (IPC)',
        params: op ? { op } : null,
        result: 'success' as const,
      };
      const en = renderAuditSentence(row, 'en-US');
      const zh = renderAuditSentence(row, 'zh-CN');
      for (const s of [en, zh]) {
        expect(s, path).toContain('Ann');
        expect(s, path).not.toMatch(/[{}]|#\d|\w+\/\w+/);
        if (def.en.includes('{target}')) expect(s).toContain('V5.7.2 (IPC)');
      }
      expect(zh).not.toBe(en);
      expect(zh, path).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('reads a sentence with its move, a refusal, and a row written before codes by its action', () => {
    const row = { code: 'account.userEdit', action: 'x', actorName: 'Ann', targetName: 'Bob', params: null, result: 'success' as const };
    expect(renderAuditSentence(row, 'en-US')).toBe('Ann changed the role and details of Bob');
    expect(renderAuditSentence(row, 'zh-CN')).toBe('Ann 修改了 Bob 的角色和资料');
    expect(renderAuditSentence({ ...row, result: 'refused' }, 'en-US')).toBe('Refused: Ann changed the role and details of Bob');
    const operate = { ...row, code: 'upgrade.packageOperate', targetName: 'V5.7.2 (IPC)', params: { op: 'abandon' } };
    expect(renderAuditSentence(operate, 'en-US')).toBe('Ann abandoned the firmware package V5.7.2 (IPC)');
    expect(renderAuditSentence(operate, 'zh-CN')).toBe('Ann废弃了固件包 V5.7.2 (IPC)');
    expect(auditCodeOf({ code: null, action: 'customer/user/edit' })).toBe('account.userEdit');
    expect(renderAuditSentence({ ...row, code: null, action: 'auth/login-failed', targetName: null }, 'en-US')).toBe(
      'Failed sign-in as Ann',
    );
  });
});
