import { userCalls, type SessionUser } from '@portal/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { updateSessionUser } from '../../../lib/session/session-store';
import { useSetAccountInfo } from '../api/users-api';

const schema = userCalls.infoSet.data;

/** Nickname and phone of the signed-in user; the header shows the new nickname at once. */
export function AccountProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nickName: string; phone: string }>();
  useRevalidateOnLocaleChange(form);
  const save = useSetAccountInfo();
  const onFinish = async (v: { nickName: string; phone: string }) => {
    try {
      const info = await save.mutateAsync({ nickName: v.nickName, phone: v.phone ?? '' });
      updateSessionUser({ ...user, nickName: info.nickName, mobile: info.phone });
      notify('success', 'profile-saved', t('users.saved'));
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ nickName: user.nickName, phone: user.mobile }}
      onFinish={(v) => void onFinish(v)}
      noValidate
      data-testid="profile-form"
    >
      <Form.Item name="nickName" label={t('users.field.nickName')} rules={[zodRule(schema, 'nickName')]} required>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="phone" label={t('users.field.phone')} rules={[zodRule(schema, 'phone')]}>
        <Input maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('users.save')}
      </Button>
    </Form>
  );
}
