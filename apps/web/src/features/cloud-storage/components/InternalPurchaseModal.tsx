import { Alert, App, Form, Input, Modal, Select, Switch } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error';
import { useGoodsList, useInternalPurchase } from '../api/storage-api';
import { newIdempotencyKey } from './idempotency';
import { formatMoney } from './money';

type Values = { goodsId: number; sn: string; startNow: boolean };

/** A failure after which the purchase may have been made all the same (no answer came): a retry reuses its key. */
const unanswered = (err: unknown) => isApiError(err) && (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'response');

/** A plan of the caller's own listed goods for a device it sold, by SN, at cost: paid at once, starting now or unused. */
export function InternalPurchaseModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const buy = useInternalPurchase();
  const goods = useGoodsList({ pageNum: 1, pageSize: 100, status: 'listed' });
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // One idempotency key per submit attempt: the server makes one order of it however often it
  // arrives. A retry of the same values after no answer reuses it; an answer ends the attempt.
  const attempt = useRef<{ key: string; values: string } | null>(null);
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
        const values = JSON.stringify([v.goodsId, v.sn.trim().toUpperCase(), v.startNow]);
        if (attempt.current?.values !== values) attempt.current = { key: newIdempotencyKey(), values };
        try {
          await buy.mutateAsync({ ...v, idempotencyKey: attempt.current.key });
          attempt.current = null;
          message.success(t('storage.internal.done'));
          onClose();
        } catch (err) {
          if (!unanswered(err)) attempt.current = null;
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
