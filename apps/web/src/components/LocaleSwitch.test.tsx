import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocale, setLocale } from '../lib/i18n';
import { LocaleSwitch } from './LocaleSwitch';

beforeEach(async () => {
  await setLocale('en-US');
});

describe('LocaleSwitch', () => {
  it('opens a menu of the languages with the current one checked, and switches on a choice', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LocaleSwitch />);
    const trigger = screen.getByRole('button', { name: /Language/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Language' });
    expect(menu).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.click(screen.getByRole('menuitemradio', { name: '简体中文' }));
    await waitFor(() => expect(currentLocale()).toBe('zh-CN'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('locale')).toBe('zh-CN');
    expect(screen.getByRole('button', { name: /语言/ })).toHaveTextContent('简体中文');
  });

  it('works from the keyboard: arrows move, Enter chooses, Escape closes and gives focus back', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LocaleSwitch />);
    const trigger = screen.getByRole('button', { name: /Language/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: '简体中文' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentLocale()).toBe('zh-CN'));
  });

  it('closes when the user clicks elsewhere', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <LocaleSwitch />
        <p>elsewhere</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: /Language/ }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await act(async () => undefined);
    expect(currentLocale()).toBe('en-US');
  });
});
