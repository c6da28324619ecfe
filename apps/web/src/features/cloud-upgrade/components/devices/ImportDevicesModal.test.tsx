/** The device import dialog's file step (components/XlsxFilePicker): a non-xlsx is refused before any upload. */
import { VALIDATION_MESSAGES } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../../test/fixtures';
import { renderPage } from '../../../../test/render';
import { ImportDevicesModal } from './ImportDevicesModal';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImportDevicesModal', () => {
  it('refuses a file that is not a workbook without uploading it, and takes an xlsx', async () => {
    const { calls } = mockApi(() => undefined);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderPage(<ImportDevicesModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(within(dialog).getByText('Click or drop an xlsx file here')).toBeVisible();

    await user.upload(input(), new File(['a,b'], 'devices.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.importFileType.en)).toBeVisible();
    expect(calls.filter((c) => c.path.startsWith('file/upload'))).toHaveLength(0);

    await user.upload(input(), new File(['PK..'], 'devices.xlsx', { type: XLSX }));
    expect(await within(dialog).findByText('devices.xlsx')).toBeVisible();
    expect(within(dialog).queryByText(VALIDATION_MESSAGES.importFileType.en)).not.toBeInTheDocument();
  });
});
