import { OWN_ACCOUNT_ACTIONS, type SessionUser } from '@portal/contract';
import { Descriptions, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AccountProfileForm,
  ChangePasswordForm,
  EmailBindForm,
  UnregisterPanel,
  useOwnAccountAbilities,
} from '../../features/account-manage';
import { useAreaName } from '../../lib/areas';
import { currentAreaOf, permissionSummary, roleKeys } from '../../lib/roles';

/**
 * The signed-in user's account information: overview, then the tabs of what the session may do with
 * its account as the server answers it (nickname and phone, e-mail binding, password, deletion; a
 * remote-access visit is offered the profile only).
 */
export function AccountInfoModal({ user, open, onClose }: { user: SessionUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const own = useOwnAccountAbilities(open);
  const withheld = !!own.data && OWN_ACCOUNT_ACTIONS.some((a) => !own.can(a));
  const areaName = useAreaName();
  const [tab, setTab] = useState('overview');
  const { typeKey, authKey } = roleKeys(user);
  const area = currentAreaOf(user);
  const perms = permissionSummary(user.authResList);
  const overview = (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'nick', label: t('account.nickName'), children: user.nickName },
          { key: 'email', label: t('account.email'), children: user.email || '-' },
          { key: 'mobile', label: t('account.mobile'), children: user.mobile || '-' },
          { key: 'company', label: t('account.company'), children: user.coName },
          { key: 'role', label: t('account.role'), children: `${t(typeKey)} · ${t(authKey)}` },
          { key: 'area', label: t('account.currentArea'), children: area ? `${areaName(area)} (${area.kind})` : '-' },
          {
            key: 'perms',
            label: t('account.permissions'),
            children: perms.length ? (
              <Space size={[4, 6]} wrap>
                {perms.map((p) => (
                  <Tag key={p.module} color={p.operation ? 'blue' : 'default'}>
                    {t(`resourceGroup.${p.module}`)}:{' '}
                    {[p.query ? t('account.query') : null, p.operation ? t('account.operation') : null].filter(Boolean).join(' / ')}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('account.noPermissions')}</Typography.Text>
            ),
          },
        ]}
      />
      {withheld && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="account-holder-only">
          {t('users.account.holderOnly')}
        </Typography.Paragraph>
      )}
    </>
  );
  const tabs = [
    { key: 'overview', label: t('users.account.tabs.overview'), children: overview },
    own.can('editProfile') && { key: 'profile', label: t('users.account.tabs.profile'), children: <AccountProfileForm user={user} /> },
    own.can('bindEmail') && { key: 'email', label: t('users.account.tabs.email'), children: <EmailBindForm currentEmail={user.email} /> },
    own.can('changePassword') && { key: 'password', label: t('users.account.tabs.password'), children: <ChangePasswordForm /> },
    own.can('unregister') && { key: 'unregister', label: t('users.account.tabs.unregister'), children: <UnregisterPanel /> },
  ].filter((tab) => !!tab);
  return (
    <Modal
      open={open}
      onCancel={() => {
        setTab('overview');
        onClose();
      }}
      footer={null}
      title={t('layout.accountInfo')}
      width={680}
      destroyOnHidden
    >
      <Tabs activeKey={tab} onChange={setTab} items={tabs} />
    </Modal>
  );
}
