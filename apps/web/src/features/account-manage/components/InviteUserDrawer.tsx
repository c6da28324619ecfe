import { MailOutlined } from '../../../components/icons';
import { inviteUserSchema, type UserPermissions } from '@portal/contract';
import { Button, Drawer, Flex, Form, Input, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useGrantable, useInviteUser } from '../api/users-api';
import { useCompanyOptions } from '../hooks/use-company-options';
import { PermissionEditor } from './PermissionEditor';

interface InviteForm {
  email: string;
  companyId: number;
  phone: string;
}

const EMPTY: UserPermissions = { authResList: [], areaIds: [], companyIds: [], appIds: [] };

/**
 * Invite a user into the caller's company or a downstream one: e-mail, company, phone and the
 * permissions to grant. The invitee receives a one-time registration link by e-mail.
 */
export function InviteUserDrawer({
  open,
  onClose,
  ownCompany,
}: {
  open: boolean;
  onClose: () => void;
  ownCompany: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteForm>();
  useRevalidateOnLocaleChange(form);
  const [perms, setPerms] = useState<UserPermissions>(EMPTY);
  const companyId = Form.useWatch('companyId', form) ?? ownCompany.id;
  const grantable = useGrantable(companyId === ownCompany.id ? undefined : companyId, open);
  const companies = useCompanyOptions(ownCompany, open);
  const invite = useInviteUser();

  const close = () => {
    form.resetFields();
    setPerms(EMPTY);
    onClose();
  };

  const onFinish = async (v: InviteForm) => {
    try {
      await invite.mutateAsync({
        email: v.email,
        companyId: v.companyId,
        phone: v.phone || undefined,
        ...perms,
        // Codes the chosen company may not hold are dropped (e.g. after switching to a distributor).
        authResList: perms.authResList.filter((c) => grantable.data?.codes.includes(c)),
      });
      notify('success', 'user-invited', t('users.invite.sent', { email: v.email.trim().toLowerCase() }));
      close();
    } catch {
      /* the API client has shown the message */
    }
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('users.invite.title')}
      size="large"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('users.cancel')}</Button>
          <Button
            type="primary"
            icon={<MailOutlined />}
            loading={invite.isPending}
            onClick={() => form.submit()}
            data-testid="invite-submit"
          >
            {t('users.invite.submit')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('users.invite.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ email: '', companyId: ownCompany.id, phone: '' }}
        onFinish={(v) => void onFinish(v)}
        noValidate
        data-testid="invite-form"
      >
        <Form.Item name="email" label={t('users.field.email')} rules={[zodRule(inviteUserSchema, 'email')]} required>
          <Input autoComplete="off" maxLength={254} placeholder={t('users.field.emailPlaceholder')} />
        </Form.Item>
        <Form.Item name="companyId" label={t('users.field.company')} required>
          <Select
            showSearch={{ filterOption: false, onSearch: companies.setSearch }}
            options={companies.options}
            notFoundContent={companies.loading ? <Spin size="small" /> : null}
            aria-label={t('users.field.company')}
          />
        </Form.Item>
        <Form.Item name="phone" label={t('users.field.phone')} rules={[zodRule(inviteUserSchema, 'phone')]}>
          <Input maxLength={32} placeholder={t('users.field.phonePlaceholder')} />
        </Form.Item>
      </Form>
      {grantable.data ? (
        <PermissionEditor
          value={perms}
          onChange={setPerms}
          grantable={grantable.data}
          companyOptions={companies.downstream}
          onCompanySearch={companies.setSearch}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
