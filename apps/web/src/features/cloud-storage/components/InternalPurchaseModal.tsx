import { Alert, App, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoodsList, useInternalPurchase } from '../api/storage-api';
import { formatMoney } from './money';

/** A plan of the caller's own listed goods for a device it sold, by SN, at cost: paid at once, starting now or unused. */
export function InternalPurchaseModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const buy = useInternalPurchase();
  const goods = useGoodsList({ pageNum: 1, pageSize: 100, status: 'listed' });
  const [form] = Form.useForm<{ goodsId: number; sn: string; startNow: boolean }>();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={t('storage.internal.title')}
      okText={t('storage.internal.buy')}
      cancelText={t('storage.cancel')}
      okButtonProps={{ 'data-testid': 'internal-purchase-ok' } as never}
      confirmLoading={buy.isPending}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        setError(null);
        try {
          await buy.mutateAsync(v);
          message.success(t('storage.internal.done'));
          onClose();
        } catch (err) {
          setError((err as Error).message);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ startNow: true }}>
        <Form.Item name="goodsId" label={t('storage.order.goods')} rules={[{ required: true, message: t('storage.required') }]}>
          <Select
            data-testid="internal-goods"
            options={(goods.data?.records ?? []).map((g) => ({
              value: g.goodsId,
              label: `${g.name} (${g.goodsCode})${g.costPrice !== null ? ` · ${formatMoney(g.costPrice)}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="sn" label={t('storage.order.sn')} rules={[{ required: true, message: t('storage.required') }]}>
          <Input data-testid="internal-sn" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="startNow"
          label={t('storage.internal.startNow')}
          valuePropName="checked"
          extra={t('storage.internal.startNowHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon role="alert" data-testid="internal-error" message={error} />}
    </Modal>
  );
}
