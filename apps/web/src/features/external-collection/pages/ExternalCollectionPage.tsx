import { APPLE_PAY_ASSOCIATION_MAX, PAYMENT_PLATFORMS, type PayeeAccount } from '@portal/contract';
import { App, Button, Card, Col, Descriptions, Form, Input, Modal, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useDefaultPayee, usePayees, useRemovePayee, useSavePayee, useTestPayee } from '../api/payee-api';

/** The seller's payee accounts per provider (secrets as last 4), the connection test, the webhook URL and the default method per platform. */
export default function ExternalCollectionPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data } = usePayees();
  const test = useTestPayee();
  const remove = useRemovePayee();
  const setDefault = useDefaultPayee();
  const [editing, setEditing] = useState<PayeeAccount | null>(null);
  const accounts = data?.accounts ?? [];
  const configured = accounts.filter((a) => a.status === 'configured');
  return (
    <Card variant="borderless" className="portal-card" title={t('payee.title')}>
      <Typography.Paragraph type="secondary">{t('payee.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {accounts.map((a) => (
          <Col key={a.provider} xs={24} xl={12}>
            <Card
              size="small"
              data-testid={`payee-${a.provider}`}
              title={
                <Space>
                  {t(`payee.providers.${a.provider}`)}
                  {a.status === 'configured' ? <Tag color="blue">{t('payee.configured')}</Tag> : <Tag>{t('payee.notConfigured')}</Tag>}
                  {a.verifiedAt && <Tag color="green">{t('payee.verified')}</Tag>}
                  {!a.available && <Tag color="default">{t('payee.unavailable')}</Tag>}
                </Space>
              }
              extra={
                <Space size={0}>
                  {a.actions.includes('configure') && (
                    <Button type="link" size="small" data-testid={`payee-configure-${a.provider}`} onClick={() => setEditing(a)}>
                      {t('payee.configure')}
                    </Button>
                  )}
                  {a.actions.includes('test') && (
                    <Button
                      type="link"
                      size="small"
                      data-testid={`payee-test-${a.provider}`}
                      disabled={test.isPending}
                      onClick={() => test.mutate({ provider: a.provider })}
                    >
                      {t('payee.test')}
                    </Button>
                  )}
                  {a.actions.includes('remove') && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t('payee.removeConfirm'),
                          okText: t('payee.remove'),
                          cancelText: t('payee.cancel'),
                          onOk: () => remove.mutateAsync({ provider: a.provider }),
                        })
                      }
                    >
                      {t('payee.remove')}
                    </Button>
                  )}
                </Space>
              }
            >
              {!a.available && <Typography.Paragraph type="secondary">{t('payee.unavailableHint')}</Typography.Paragraph>}
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('payee.mode')}>{a.mode ? t(`payee.modes.${a.mode}`) : '—'}</Descriptions.Item>
                <Descriptions.Item label={t('payee.accountId')}>{a.accountId ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('payee.secret')}>{a.secretLast4 ? `•••• ${a.secretLast4}` : '—'}</Descriptions.Item>
                {a.provider !== 'sandbox' && (
                  <Descriptions.Item label={t(`payee.webhookSecret.${a.provider}`)}>
                    {a.webhookSecretLast4 ? `•••• ${a.webhookSecretLast4}` : '—'}
                  </Descriptions.Item>
                )}
                {a.provider === 'stripe' && (
                  <Descriptions.Item label={t('payee.publicKey')}>
                    {a.publicKey ? (
                      <Typography.Text copyable data-testid="payee-public-key" style={{ wordBreak: 'break-all' }}>
                        {a.publicKey}
                      </Typography.Text>
                    ) : (
                      '—'
                    )}
                  </Descriptions.Item>
                )}
                {a.provider === 'stripe' && (
                  <Descriptions.Item label={t('payee.applePay')}>{a.applePayAssociation ? t('payee.applePayKept') : '—'}</Descriptions.Item>
                )}
                <Descriptions.Item label={t('payee.verifiedAt')}>{a.verifiedAt ? formatDateTime(a.verifiedAt) : '—'}</Descriptions.Item>
                <Descriptions.Item label={t('payee.webhookUrl')}>
                  <Typography.Text copyable={{ text: a.webhookUrl }} style={{ wordBreak: 'break-all' }}>
                    {a.webhookUrl}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('payee.defaultFor')}>
                  {a.defaultFor.length ? a.defaultFor.map((p) => t(`payee.platforms.${p}`)).join(', ') : '—'}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
        ))}
      </Row>
      {configured.length > 0 && (
        <Card size="small" title={t('payee.defaults')} style={{ marginTop: 16 }}>
          <Space wrap>
            {PAYMENT_PLATFORMS.map((p) => (
              <label key={p}>
                {t(`payee.platforms.${p}`)}{' '}
                <Select
                  aria-label={t(`payee.platforms.${p}`)}
                  style={{ width: 160 }}
                  value={configured.find((a) => a.defaultFor.includes(p))?.provider}
                  onChange={(provider) => setDefault.mutate({ platform: p, provider })}
                  options={configured.map((a) => ({ value: a.provider, label: t(`payee.providers.${a.provider}`) }))}
                />
              </label>
            ))}
          </Space>
        </Card>
      )}
      {editing && <PayeeModal account={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function PayeeModal({ account, onClose }: { account: PayeeAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSavePayee();
  return (
    <Modal
      open
      title={`${t('payee.configure')}: ${t(`payee.providers.${account.provider}`)}`}
      okText={t('payee.save')}
      cancelText={t('payee.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await save.mutateAsync({
          provider: account.provider,
          mode: v.mode,
          accountId: v.accountId,
          secret: v.secret ?? '',
          ...(account.provider !== 'sandbox' && v.webhookSecret ? { webhookSecret: v.webhookSecret } : {}),
          ...(account.provider === 'stripe' && v.applePayAssociation !== undefined ? { applePayAssociation: v.applePayAssociation } : {}),
          ...(account.provider === 'stripe' && v.publicKey !== undefined ? { publicKey: v.publicKey } : {}),
        });
        onClose();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: account.mode ?? 'test', accountId: account.accountId ?? '', publicKey: account.publicKey ?? undefined }}
      >
        <Form.Item name="mode" label={t('payee.mode')}>
          <Select options={(['test', 'live'] as const).map((m) => ({ value: m, label: t(`payee.modes.${m}`) }))} />
        </Form.Item>
        <Form.Item name="accountId" label={t('payee.accountId')} rules={[{ required: true, message: t('payee.required') }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('payee.secret')}
          extra={account.secretLast4 ? t('payee.secretKeep') : t(`payee.secretHints.${account.provider}`)}
          rules={account.secretLast4 ? [] : [{ required: true, message: t('payee.required') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={512} />
        </Form.Item>
        {account.provider !== 'sandbox' && (
          <Form.Item
            name="webhookSecret"
            label={t(`payee.webhookSecret.${account.provider}`)}
            extra={account.webhookSecretLast4 ? t('payee.secretKeep') : t('payee.webhookSecretHint')}
          >
            <Input.Password autoComplete="new-password" maxLength={512} />
          </Form.Item>
        )}
        {account.provider === 'stripe' && (
          <Form.Item
            name="publicKey"
            label={t('payee.publicKey')}
            extra={t('payee.publicKeyHint')}
            rules={[{ pattern: /^(pk_(test|live)_[A-Za-z0-9]{10,247})?$/, message: t('payee.publicKeyInvalid') }]}
          >
            <Input maxLength={260} />
          </Form.Item>
        )}
        {account.provider === 'stripe' && (
          <Form.Item name="applePayAssociation" label={t('payee.applePay')} extra={t('payee.applePayHint')}>
            <Input.TextArea rows={3} maxLength={APPLE_PAY_ASSOCIATION_MAX} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
