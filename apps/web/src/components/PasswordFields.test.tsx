import { VALIDATION_MESSAGES, changePasswordSchema } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n';
import { renderPage } from '../test/render';
import { PasswordFields } from './PasswordFields';

const v = VALIDATION_MESSAGES;
const LONG = 'abcd1234abcd1234XY'; // 18 characters, two kinds

function renderFields() {
  return renderPage(
    <Form>
      <PasswordFields schema={changePasswordSchema} />
    </Form>,
  );
}

describe('PasswordFields: a password longer than 16 characters (issue 11 §3)', () => {
  beforeEach(async () => {
    await setLocale('en-US');
  });

  it.each([
    ['en-US', 'Password', 'Confirm password', v.passwordRule.en],
    ['zh-CN', '密码', '确认密码', v.passwordRule.zh],
  ] as const)('is kept as typed and refused with the SPEC message (%s)', async (locale, label, confirmLabel, message) => {
    await setLocale(locale);
    const user = userEvent.setup({ delay: null });
    renderFields();
    const input = await screen.findByLabelText(label);
    expect(input).not.toHaveAttribute('maxlength');
    await user.click(input);
    await user.paste(LONG);
    await user.tab();
    expect(input).toHaveValue(LONG);
    await waitFor(() => expect(screen.getByText(message)).toBeVisible());
    const confirm = screen.getByLabelText(confirmLabel);
    expect(confirm).not.toHaveAttribute('maxlength');
    await user.click(confirm);
    await user.paste(LONG);
    expect(confirm).toHaveValue(LONG);
  });
});
