import { companyCalls, ErrorCodes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createCompany, createUser } from '../../support/fixtures';

describe.each(ENGINES)('companies (%s)', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<TestApp['login']>>;
  let supplier: Awaited<ReturnType<TestApp['login']>>;
  let dealer: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    // 12 more installers under dealer A1 for paging.
    for (let i = 0; i < 12; i++) {
      await createCompany(t.database, {
        parentId: t.world.companies.dealerA.id,
        type: 'installer',
        name: `Paging Installer ${String(i).padStart(2, '0')}`,
        areaId: t.world.areas.eu.id,
        status: i % 3 === 0 ? 'frozen' : 'active',
      });
    }
    await createUser(t.database, { companyId: t.world.companies.installerA.id, email: 'staff-1a@test.local', userType: 'installer' });
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
    dealer = await t.login('dealer-a@test.local');
  });
  afterAll(() => t?.close());

  it("lists only the caller's downstream companies, never its own, a sibling's or an ancestor", async () => {
    const r = await t.call(companyCalls.list, { pageNum: 1, pageSize: 100 }, owner);
    expect(r.basic.code).toBe(200);
    const names = r.data.records.map((c) => c.name);
    expect(names).toContain('Dealer A1');
    expect(names).toContain('Installer A1a');
    expect(names).not.toContain('Partner A');
    expect(names).not.toContain('Partner B');
    expect(names).not.toContain('Dealer B1');
    expect(names).not.toContain('Supplier Co');
    expect(r.data.total).toBe(14);
  });

  it('pages with a default page size of 10', async () => {
    const first = await t.call(companyCalls.list, {}, owner);
    expect(first.data.pageSize).toBe(10);
    expect(first.data.records).toHaveLength(10);
    const second = await t.call(companyCalls.list, { pageNum: 2 }, owner);
    expect(second.data.records).toHaveLength(4);
    const ids = new Set([...first.data.records, ...second.data.records].map((c) => c.id));
    expect(ids.size).toBe(14);
  });

  it('filters by search text, type, status and parent', async () => {
    const byText = await t.call(companyCalls.list, { searchText: 'paging installer 0' }, owner);
    expect(byText.data.total).toBe(10);
    const byType = await t.call(companyCalls.list, { type: 'distributor' }, owner);
    expect(byType.data.records.map((c) => c.name)).toEqual(['Dealer A1']);
    const frozen = await t.call(companyCalls.list, { status: 'frozen', pageSize: 50 }, owner);
    expect(frozen.data.total).toBe(4);
    const children = await t.call(companyCalls.list, { parentId: t.world.companies.dealerA.id, pageSize: 50 }, owner);
    expect(children.data.total).toBe(13);
    // A search text with LIKE wildcards matches literally.
    const wild = await t.call(companyCalls.list, { searchText: '%' }, owner);
    expect(wild.data.total).toBe(0);
    expect((await t.call(companyCalls.list, { searchText: 'paging_installer' }, owner)).data.total).toBe(0);
    // A search combined with the filters; another tenant's companies are never found.
    const inner = await t.call(
      companyCalls.list,
      { searchText: 'installer 0', parentId: t.world.companies.dealerA.id, pageSize: 50 },
      owner,
    );
    expect(inner.data.total).toBe(10);
    expect((await t.call(companyCalls.list, { searchText: 'paging installer', type: 'distributor' }, owner)).data.total).toBe(0);
    expect((await t.call(companyCalls.list, { searchText: 'dealer b' }, owner)).data.total).toBe(0);
    expect((await t.call(companyCalls.list, { searchText: 'ealer' }, owner)).data.records.map((c) => c.name)).toEqual(['Dealer A1']);
    // Short patterns (fewer than three characters: no trigram) and repeated searches (the prepared
    // statement's generic plan, from the sixth run on) find the same companies.
    const names = async (searchText: string) =>
      (await t.call(companyCalls.list, { searchText, pageSize: 50 }, owner)).data.records.map((c) => c.name).sort();
    const short = await names('A1');
    expect(short).toContain('Dealer A1');
    expect(short.every((n) => n.toLowerCase().includes('a1'))).toBe(true);
    for (let i = 0; i < 7; i++) expect(await names(i % 2 ? 'A1' : 'ealer')).toEqual(i % 2 ? short : ['Dealer A1']);
  });

  it('pages a search newest first with its total on every page, also past the last page', async () => {
    const pages = [];
    for (let pageNum = 1; pageNum <= 5; pageNum++)
      pages.push((await t.call(companyCalls.list, { searchText: 'PAGING installer 0', pageNum, pageSize: 3 }, owner)).data);
    expect(pages.map((p) => p.records.length)).toEqual([3, 3, 3, 1, 0]);
    expect(pages.map((p) => p.total)).toEqual([10, 10, 10, 10, 10]);
    const ids = pages.flatMap((p) => p.records.map((c) => c.id));
    expect(new Set(ids).size).toBe(10);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(pages[0].records.every((c) => typeof c.userCount === 'number')).toBe(true);
    const none = await t.call(companyCalls.list, { searchText: 'no such company', pageNum: 2 }, owner);
    expect([none.data.records.length, none.data.total]).toEqual([0, 0]);
  });

  it('has the trigram index the name search uses (migration 0011, on PGlite too)', async () => {
    const { rows } = await t.database.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'companies_name_trgm_idx'",
    );
    expect(rows[0]?.indexdef).toMatch(/gin \(name gin_trgm_ops\)/);
    // Without a pending list (migration 0013): a search never reads every insert since the last vacuum.
    expect(rows[0]?.indexdef).toMatch(/fastupdate='?off'?/);
  });

  it('counts users per company, without deleted ones', async () => {
    const r = await t.call(companyCalls.get, { companyId: t.world.companies.installerA.id }, owner);
    expect(r.data.userCount).toBe(1);
    expect(r.data.userLimit).toBeGreaterThan(0);
    expect(r.data).not.toHaveProperty('path');
  });

  it('lets the supplier see every tenant', async () => {
    const r = await t.call(companyCalls.list, { pageSize: 100 }, supplier);
    const names = r.data.records.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Partner A', 'Partner B', 'Dealer B1']));
  });

  it('lets a distributor see only below itself', async () => {
    const r = await t.call(companyCalls.list, { pageSize: 100 }, dealer);
    expect(r.data.records.every((c) => c.name.includes('Installer'))).toBe(true);
    const up = await t.call(companyCalls.get, { companyId: t.world.companies.partnerA.id }, dealer);
    expect(up.basic.code).toBe(ErrorCodes.notFound);
  });

  it('pages the customer relations of a company with customerName', async () => {
    const r = await t.call(companyCalls.relationPage, { companyId: t.world.companies.dealerA.id, pageSize: 5 }, owner);
    expect(r.basic.code).toBe(200);
    expect(r.data.total).toBe(13);
    expect(r.data.records).toHaveLength(5);
    expect(r.data.records[0].parentName).toBe('Dealer A1');
    expect(r.data.records[0].customerName).toMatch(/Installer/);
    const own = await t.call(companyCalls.relationPage, {}, owner);
    expect(own.data.records.map((x) => x.customerName)).toEqual(['Dealer A1']);
  });

  it('answers its own company', async () => {
    const r = await t.call(companyCalls.ownCompany, {}, dealer);
    expect(r.data).toEqual({ id: t.world.companies.dealerA.id, coName: 'Dealer A1', type: 'distributor' });
  });
});
