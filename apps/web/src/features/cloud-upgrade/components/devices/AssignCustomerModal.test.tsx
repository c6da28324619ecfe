import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../../lib/i18n';
import { envelope, mockApi, partnerOwner, signIn } from '../../../../test/fixtures';
import { renderPage } from '../../../../test/render';
import { AssignCustomerModal } from './AssignCustomerModal';

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AssignCustomerModal', () => {
  it("offers only the companies of the name typed: not the previous search's while its answer is on the way", async () => {
    signIn(partnerOwner());
    let answerSearch: (r: Response) => void = () => undefined;
    const { calls } = mockApi((path, data) => {
      if (path === 'device/customer/options') {
        if (!(data as { searchText?: string }).searchText)
          return { data: [{ companyId: 31, name: 'Harbor Logistics', parentName: 'Rhein Security' }] };
        return new Promise<Response>((resolve) => (answerSearch = resolve));
      }
      if (path === 'device/customer/assign') return { data: { assigned: 2 } };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<AssignCustomerModal deviceIds={[1, 2]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByRole('combobox');
    await user.click(select);
    expect(await screen.findByText('Harbor Logistics (Rhein Security)')).toBeInTheDocument();

    await user.type(select, 'Nord');
    await waitFor(() => expect(screen.queryByText('Harbor Logistics (Rhein Security)')).not.toBeInTheDocument());
    answerSearch(envelope([{ companyId: 44, name: 'Nordic Installers', parentName: '' }]));
    await user.click(await screen.findByText('Nordic Installers'));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'device/customer/assign')).toBe(true));
    expect(calls.find((c) => c.path === 'device/customer/assign')!.body.data).toEqual({ deviceIds: [1, 2], customerId: 44 });
  });
});
