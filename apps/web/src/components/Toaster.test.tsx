import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n';
import { MAX_TOASTS, notify, notifyError } from '../lib/notify';
import { Toaster } from './Toaster';

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows one toast per key: the same key replaces the text in place (SPEC §8)', () => {
    render(<Toaster />);
    act(() => {
      notifyError(7010, 'Wrong password. 4 attempts left.');
      notify('success', 'saved', 'Saved.');
      notifyError(7010, 'Wrong password. 3 attempts left.');
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('Wrong password. 3 attempts left.');
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    expect(screen.getByRole('alert').className).toContain('portal-toast-error');
  });

  it(`keeps at most ${MAX_TOASTS} on screen, dropping the oldest`, () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= MAX_TOASTS + 2; i++) notify('info', `k${i}`, `Message ${i}`);
    });
    const shown = screen.getAllByRole('status').map((el) => el.textContent);
    expect(shown).toEqual(Array.from({ length: MAX_TOASTS }, (_, i) => `Message ${i + 3}`));
  });

  it('goes away after its duration, counted again when the same toast is raised again', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => notify('warning', 'w', 'Careful.', 4));
    act(() => vi.advanceTimersByTime(3000));
    act(() => notify('warning', 'w', 'Careful.', 4));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('alert')).toHaveTextContent('Careful.');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be closed by the user, with a localized close button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Toaster />);
    act(() => notifyError('network', 'Network error.'));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await setLocale('zh-CN');
    });
    act(() => notifyError('network', '网络错误。'));
    expect(within(screen.getByRole('alert')).getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });
});
