/**
 * Exports of the insight tables: the dialog sends the range and format, then streams the signed
 * link's file with a progress bar that moves as bytes arrive (fetchWithProgress), and saves it under
 * the server's file name; a refusal (2 exports running) is the server's message and nothing is fetched.
 */
import { ErrorCodes, ERROR_CATALOGUE } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { insightExports } from '../api/insight-api';
import { ExportButton } from './ExportButton';

const URL_ = '/v1.0/customer-api/insight/export/download?id=5&uid=10&tid=1&expires=1&signature=abc';
const BUSY = ERROR_CATALOGUE[ErrorCodes.insightExportBusy];

let saved: Blob[] = [];
beforeEach(() => {
  signIn(partnerOwner());
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:export'), revokeObjectURL: () => {} }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function streamed() {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctrl = c) });
  return { body, push: (n: number) => ctrl.enqueue(new Uint8Array(n)), end: () => ctrl.close() };
}

describe('ExportButton', () => {
  it.each([
    ['en-US', 'Export', 'Downloading 2 rows…', 'Exported 2 rows.'],
    ['zh-CN', '导出', '正在下载 2 行…', '已导出 2 行。'],
  ] as const)('streams the file with a moving progress bar, then saves it (%s)', async (locale, button, downloading, done) => {
    await setLocale(locale);
    const file = streamed();
    const { calls } = mockApi((path) => {
      if (path === 'insight/operation-log/export')
        return { data: { url: URL_, rows: 2, fileName: 'operation-log-20261101-20261107.xlsx' } };
      if (path.startsWith('insight/export/download'))
        return new Response(file.body, { headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': '100' } });
      return undefined;
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')];
    const user = userEvent.setup({ delay: null });
    renderPage(
      <ExportButton
        what="the operation log"
        range={range}
        request={({ range: r, format }) => insightExports.operationLog({ range: r!, format, actor: 'Pat' })}
      />,
    );
    await user.click(screen.getByRole('button', { name: button }));
    await user.click(await screen.findByRole('radio', { name: /CSV/ }));
    await user.click(screen.getByTestId('export-submit'));

    const progress = await screen.findByTestId('export-progress');
    expect(within(progress).getByText(downloading)).toBeInTheDocument();
    const bar = within(progress).getByRole('progressbar');
    file.push(40);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    file.push(60);
    file.end();
    expect(await screen.findByText(done)).toBeInTheDocument();

    const asked = calls.find((c) => c.path === 'insight/operation-log/export')!.body.data as Record<string, unknown>;
    expect(asked).toEqual({ range: { from: range[0].valueOf(), to: range[1].valueOf() }, format: 'csv', actor: 'Pat' });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.size).toBe(100);
    const a = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(a.download).toBe('operation-log-20261101-20261107.xlsx');
  });

  it('shows the refusal of a third running export and fetches nothing', async () => {
    await setLocale('en-US');
    const { calls } = mockApi((path) => {
      if (path === 'insight/operation-log/export') return { code: ErrorCodes.insightExportBusy, msg: BUSY.en.replace('{max}', '2') };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderPage(
      <ExportButton
        what="the operation log"
        range={[dayjs(), dayjs()]}
        request={({ range: r, format }) => insightExports.operationLog({ range: r!, format })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByTestId('export-submit'));
    expect(await screen.findByText(/You already have 2 exports running/)).toBeInTheDocument();
    expect(screen.queryByTestId('export-progress')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('insight/export/download'))).toBe(false);
    expect(saved).toHaveLength(0);
  });
});
