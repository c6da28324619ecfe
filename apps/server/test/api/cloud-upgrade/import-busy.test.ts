/**
 * Streaming imports (issue 11 §1.10): at most IMPORT_CONCURRENCY_MAX imports read a workbook at
 * once in a server; the next one is answered 24026 ("busy, retry") at once, localized, instead of
 * stalling the server, and goes through when a slot is free again.
 */
import { DEVICE_IMPORT_COLUMNS, deviceCalls, ErrorCodes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSlots, IMPORT_CONCURRENCY_MAX, writeXlsxBuffer } from '../../../src/lib/xlsx';
import { readTargetSns } from '../../../src/modules/cloud-upgrade/targets.file';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

describe.each(ENGINES)('imports are bounded per server (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
  });
  afterAll(() => t?.close());

  it('answers 24026 while every import slot is taken, and imports once one is free', async () => {
    const book = await writeXlsxBuffer([
      {
        name: 'Devices',
        columns: DEVICE_IMPORT_COLUMNS.map((header) => ({ header })),
        rows: [['BUSY00000001', 'BE1F00000001', 'IPC-200', '', 'V1.0.0', 'HW1.0', 'DE', '']],
      },
    ]);
    const { fileId, path } = await t.upload(owner, 'import', 'busy.xlsx', book);
    const held = Array.from({ length: IMPORT_CONCURRENCY_MAX }, () => importSlots.tryAcquire()!);
    try {
      expect(held.every(Boolean)).toBe(true);
      const busy = await t.call(deviceCalls.import, { fileId }, owner, { locale: 'zh-CN' });
      expect(busy.status).toBe(200);
      expect(busy.basic.code).toBe(ErrorCodes.importBusy);
      expect(busy.basic.msg).toBe('服务器正在处理其他导入，请 5 秒后重试。');
      // A specified release's SN file is read under the same bound.
      await expect(readTargetSns(t.fileStore, path, 10)).rejects.toMatchObject({ code: ErrorCodes.importBusy });
    } finally {
      held.forEach((release) => release());
    }
    expect(importSlots.inUse).toBe(0);
    const ok = await t.call(deviceCalls.import, { fileId }, owner);
    expect(ok.basic.code).toBe(200);
    expect(ok.data.total).toBe(1);
    expect(importSlots.inUse).toBe(0);
  });
});
