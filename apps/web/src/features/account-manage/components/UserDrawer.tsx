import { editUserSchema, type UserDetail, type UserPermissions } from '@portal/contract';
import { Button, Descriptions, Drawer, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useEditUser, useGrantable, useUserDetail } from '../api/users-api';
import { useCompanyOptions } from '../hooks/use-company-options';
import { PermissionEditor } from './PermissionEditor';
import { UserStatusTag } from './UserStatusTag';

interface EditForm {
  nickName: string;
  phone: string;
}

const permsOf = (u: UserDetail): UserPermissions => ({
  authResList: u.authResList,
  areaIds: u.areaIds,
  companyIds: u.companyIds,
  appIds: u.appIds,
});

/** A user's detail (view) or its edit form: nickname, phone and permissions. */
export function UserDrawer({
  userId,
  mode,
  onClose,
  onEdit,
}: {
  userId: number | null;
  mode: 'view' | 'edit';
  onClose: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const { data: user, isLoading } = useUserDetail(userId);
  const editing = mode === 'edit';
  const [form] = Form.useForm<EditForm>();
  useRevalidateOnLocaleChange(form);
  // Edits start from the loaded user; the page remounts the drawer per user and mode.
  const [edited, setPerms] = useState<UserPermissions | null>(null);
  const perms = edited ?? (user ? permsOf(user) : null);
  // Permissions are edited only where the server says so (never your own: then nickname and phone only).
  const permissionsEditable = editing && !!user?.actions.includes('editPermissions');
  const grantable = useGrantable(user?.companyId, !!user);
  const selected = useMemo(() => user?.companyNames ?? [], [user]);
  const companies = useCompanyOptions(null, !!user && editing, selected);
  const edit = useEditUser();

  const save = async (v: EditForm) => {
    if (!user || !perms) return;
    try {
      await edit.mutateAsync({ userId: user.id, nickName: v.nickName, phone: v.phone ?? '', ...perms });
      notify('success', 'user-saved', t('users.saved'));
      onClose();
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      title={editing ? t('users.edit.title') : t('users.detail.title')}
      size="large"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{editing ? t('users.cancel') : t('users.close')}</Button>
          {editing ? (
            <Button type="primary" loading={edit.isPending} onClick={() => form.submit()} data-testid="edit-submit">
              {t('users.save')}
            </Button>
          ) : (
            user?.actions.includes('edit') && (
              <Button type="primary" onClick={onEdit}>
                {t('users.action.edit')}
              </Button>
            )
          )}
        </Flex>
      }
    >
      {isLoading || !user || !perms ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {editing ? (
            <Form
              form={form}
              layout="vertical"
              initialValues={{ nickName: user.nickName, phone: user.phone }}
              onFinish={(v) => void save(v)}
              noValidate
              data-testid="edit-form"
            >
              <Descriptions
                size="small"
                column={1}
                style={{ marginBottom: 12 }}
                items={[{ key: 'email', label: t('users.field.email'), children: user.email }]}
              />
              <Form.Item name="nickName" label={t('users.field.nickName')} rules={[zodRule(editUserSchema, 'nickName')]} required>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="phone" label={t('users.field.phone')} rules={[zodRule(editUserSchema, 'phone')]}>
                <Input maxLength={32} />
              </Form.Item>
            </Form>
          ) : (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'nick', label: t('users.field.nickName'), children: user.nickName },
                { key: 'email', label: t('users.field.email'), children: user.email },
                { key: 'phone', label: t('users.field.phone'), children: user.phone || '-' },
                { key: 'company', label: t('users.field.company'), children: user.companyName },
                {
                  key: 'type',
                  label: t('users.field.userType'),
                  children: `${t(`userType.${user.userType}`)} · ${t(`userAuthType.${user.userAuthType}`)}`,
                },
                { key: 'status', label: t('users.field.status'), children: <UserStatusTag user={user} /> },
                { key: 'invited', label: t('users.field.invitedAt'), children: formatDateTime(user.invitedAt) },
                { key: 'created', label: t('users.field.createdAt'), children: formatDateTime(user.createdAt) },
              ]}
            />
          )}
          {editing && !permissionsEditable && (
            <Typography.Text type="warning" data-testid="self-permissions-note">
              {t('users.edit.selfNote')}
            </Typography.Text>
          )}
          {grantable.data ? (
            <PermissionEditor
              value={perms}
              onChange={setPerms}
              grantable={grantable.data}
              companyOptions={companies.options}
              onCompanySearch={companies.setSearch}
              readOnly={!permissionsEditable}
            />
          ) : (
            <Skeleton active />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
