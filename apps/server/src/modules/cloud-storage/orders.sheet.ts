/**
 * The order workbooks (exceljs, streamed): the orders export (the list's filters, at most 90 days,
 * read in keyset pages) and the monthly statement of a company's internal purchases at cost. A
 * call checks the caller and signs a link (300 s) carrying the caller's scope; the link's GET
 * streams the workbook (export.routes.ts), so neither rows nor workbook are held whole.
 */
import {
  ErrorCodes,
  normalizeLocale,
  ORDER_EXPORT_DOWNLOAD_PATH,
  ORDER_STATEMENT_DOWNLOAD_PATH,
  SIGNED_URL_TTL_SECONDS,
  type Locale,
  type storageOrderCalls,
} from '@portal/contract';
import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { signUrl } from '../../lib/files';
import { createXlsxStreamWriter } from '../../lib/xlsx';
import { countOrdersCreatedIn, internalPurchasesOf } from './orders-sheet.repository';
import * as repo from './orders.repository';
import { seesCost } from './plans.policy';

type AnyDb = Db | Tx;
type Data<K extends keyof typeof storageOrderCalls> = z.output<(typeof storageOrderCalls)[K]['data']>;
const PAGE_ROWS = 1000;

const HEADERS = {
  'en-US': {
    orderNo: 'Order no.',
    transactionId: 'Transaction ID',
    state: 'State',
    platform: 'Platform',
    provider: 'Payment provider',
    amount: 'Amount (USD)',
    refunded: 'Refunded (USD)',
    cost: 'Cost (USD)',
    sn: 'Device SN',
    email: 'End user e-mail',
    goods: 'Goods',
    seller: 'Seller',
    start: 'Service start (UTC)',
    end: 'Service end (UTC)',
    created: 'Created (UTC)',
    orders: 'Orders',
    statement: 'Statement',
    total: 'Total at cost (USD)',
  },
  'zh-CN': {
    orderNo: '订单号',
    transactionId: '交易ID',
    state: '状态',
    platform: '平台',
    provider: '支付渠道',
    amount: '金额 (USD)',
    refunded: '已退款 (USD)',
    cost: '成本价 (USD)',
    sn: '设备SN',
    email: '终端用户邮箱',
    goods: '商品',
    seller: '卖家',
    start: '服务开始 (UTC)',
    end: '服务结束 (UTC)',
    created: '创建时间 (UTC)',
    orders: '订单',
    statement: '对账单',
    total: '成本价合计 (USD)',
  },
} as const;

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));
const usd = (minor: number) => minor / 100;

export interface ExportLink {
  userId: number;
  sessionId: number;
  companyPath: string;
  cost: boolean;
  locale: Locale;
  filter: repo.OrderFilter;
}

function sign(ctx: CallContext, path: string, q: Record<string, string>) {
  return signUrl(`${path}?${new URLSearchParams(q)}`, ctx.services.config.linkSecret, {
    now: ctx.clock.now(),
    ttlSeconds: SIGNED_URL_TTL_SECONDS,
  });
}

export async function orderExport(ctx: CallContext, d: Data<'orderExport'>) {
  const actor = requireActor(ctx);
  const n = await countOrdersCreatedIn(ctx.db, actor, d.from, d.to);
  const url = sign(ctx, ORDER_EXPORT_DOWNLOAD_PATH, {
    uid: String(actor.userId),
    tid: String(actor.sessionId),
    cp: actor.companyPath,
    cost: seesCost(actor) ? '1' : '0',
    locale: ctx.locale,
    f: JSON.stringify(d),
  });
  return { url, rows: n };
}

export function exportFromLink(p: URLSearchParams): ExportLink {
  const int = (name: string) => {
    const v = p.get(name) ?? '';
    if (!/^\d{1,15}$/.test(v)) throw new AppError(ErrorCodes.fileLinkInvalid, undefined, `order link: bad ${name}`);
    return Number(v);
  };
  let filter: repo.OrderFilter = {};
  try {
    filter = JSON.parse(p.get('f') ?? '{}') as repo.OrderFilter;
  } catch {
    throw new AppError(ErrorCodes.fileLinkInvalid, undefined, 'order link: bad filter');
  }
  const cp = p.get('cp') ?? '';
  if (!/^\/(\d+\/)+$/.test(cp)) throw new AppError(ErrorCodes.fileLinkInvalid, undefined, 'order link: bad scope');
  return {
    userId: int('uid'),
    sessionId: int('tid'),
    companyPath: cp,
    cost: p.get('cost') === '1',
    locale: normalizeLocale(p.get('locale') ?? undefined),
    filter,
  };
}

/** Streams the orders of a verified link; answers how many rows. */
export async function writeOrderExport(db: AnyDb, link: ExportLink, out: Writable, now: number): Promise<number> {
  const h = HEADERS[link.locale];
  const writer = createXlsxStreamWriter(out, {
    name: h.orders,
    columns: [
      { header: h.orderNo, width: 24 },
      { header: h.transactionId, width: 28 },
      { header: h.state },
      { header: h.platform },
      { header: h.provider },
      { header: h.amount, numFmt: '0.00' },
      { header: h.refunded, numFmt: '0.00' },
      ...(link.cost ? [{ header: h.cost, numFmt: '0.00' }] : []),
      { header: h.sn, width: 16 },
      { header: h.email, width: 28 },
      { header: h.goods, width: 28 },
      { header: h.seller, width: 24 },
      { header: h.start, width: 20 },
      { header: h.end, width: 20 },
      { header: h.created, width: 20 },
    ],
  });
  const scope = repo.subtreeScope({ companyPath: link.companyPath });
  let before: number | null = null;
  let written = 0;
  for (;;) {
    const page = await repo.exportOrdersPage(db, scope, link.filter, now, before, PAGE_ROWS);
    for (const o of page) {
      writer.addRow([
        o.orderNo,
        o.transactionId ?? '',
        o.viewState,
        o.platform,
        o.provider ?? '',
        usd(o.amount),
        usd(o.refundedAmount),
        ...(link.cost ? [usd(o.costPrice)] : []),
        o.deviceSn,
        o.endUserEmail ?? '',
        o.goodsSnapshot.name,
        o.companyName,
        iso(o.periodStart),
        iso(o.periodEnd),
        iso(o.createdAt),
      ]);
      written++;
    }
    await writer.drain();
    if (page.length < PAGE_ROWS) break;
    before = page[page.length - 1]!.id;
  }
  await writer.commit();
  return written;
}

/** [start, end) of a 'YYYY-MM' month in UTC. */
const monthRange = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [Date.UTC(y, m - 1, 1), Date.UTC(y, m, 1)] as const;
};

async function statementRows(db: AnyDb, buyerCompanyId: number, month: string) {
  const [from, to] = monthRange(month);
  return internalPurchasesOf(db, buyerCompanyId, from, to);
}

export async function statement(ctx: CallContext, d: Data<'statement'>) {
  const actor = requireActor(ctx);
  const rows = await statementRows(ctx.db, actor.companyId, d.month);
  const url = sign(ctx, ORDER_STATEMENT_DOWNLOAD_PATH, {
    uid: String(actor.userId),
    tid: String(actor.sessionId),
    cid: String(actor.companyId),
    month: d.month,
    locale: ctx.locale,
  });
  return { url, rows: rows.length, total: rows.reduce((s, r) => s + Number(r.cost), 0) };
}

export function statementFromLink(p: URLSearchParams) {
  const month = p.get('month') ?? '';
  const cid = p.get('cid') ?? '';
  const uid = p.get('uid') ?? '';
  const tid = p.get('tid') ?? '';
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || ![cid, uid, tid].every((v) => /^\d{1,15}$/.test(v)))
    throw new AppError(ErrorCodes.fileLinkInvalid, undefined, 'statement link: bad parameters');
  return {
    month,
    companyId: Number(cid),
    userId: Number(uid),
    sessionId: Number(tid),
    locale: normalizeLocale(p.get('locale') ?? undefined),
  };
}

export async function writeStatement(db: AnyDb, s: ReturnType<typeof statementFromLink>, out: Writable): Promise<number> {
  const h = HEADERS[s.locale];
  const rows = await statementRows(db, s.companyId, s.month);
  const writer = createXlsxStreamWriter(out, {
    name: `${h.statement} ${s.month}`,
    columns: [
      { header: h.orderNo, width: 24 },
      { header: h.created, width: 20 },
      { header: h.sn, width: 16 },
      { header: h.email, width: 28 },
      { header: h.goods, width: 28 },
      { header: h.cost, numFmt: '0.00' },
    ],
  });
  let total = 0;
  for (const r of rows) {
    writer.addRow([r.order_no, iso(new Date(r.paid_at).getTime()), r.device_sn, r.end_user_email ?? '', r.goods, usd(Number(r.cost))]);
    total += Number(r.cost);
  }
  writer.addRow([h.total, '', '', '', '', usd(total)]);
  await writer.commit();
  return rows.length;
}
