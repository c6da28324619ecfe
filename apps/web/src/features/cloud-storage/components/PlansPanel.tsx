import { CAMERA_PACKAGE_DAYS, STORAGE_DURATION_UNITS, type StoragePlan } from '@portal/contract';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../../components/icons';
import { CellText, PagedTable } from '../../../components/list';
import { useOperatePlan, usePlanList, useSavePlan } from '../api/storage-api';
import { formatMoney, toMajor, toMinor } from './money';

/** The supplier's plans: storage cycle, service period, cost and guide price; create, edit, disable, enable. */
export function PlansPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const { data, isFetching } = usePlanList(page);
  const operate = useOperatePlan();
  const [editing, setEditing] = useState<StoragePlan | 'new' | null>(null);
  const columns: ColumnsType<StoragePlan> = [
    { key: 'name', title: t('storage.plan.name'), minWidth: 180, render: (_v, p) => <CellText text={p.name} /> },
    {
      key: 'cycle',
      title: t('storage.plan.cycle'),
      width: 140,
      render: (_v, p) => t(`storage.plan.unit.${p.storageUnit}`, { count: p.storageValue }),
    },
    {
      key: 'days',
      title: t('storage.plan.serviceDays'),
      width: 140,
      render: (_v, p) => t('storage.plan.serviceDaysValue', { count: p.serviceDays }),
    },
    { key: 'cost', title: t('storage.costPrice'), width: 110, render: (_v, p) => formatMoney(p.costPrice) },
    { key: 'guide', title: t('storage.guidePrice'), width: 110, render: (_v, p) => formatMoney(p.guidePrice) },
    { key: 'goods', title: t('storage.plan.goodsCount'), width: 90, responsive: ['xxl'], dataIndex: 'goodsCount' },
    {
      key: 'enabled',
      title: t('storage.goods.status'),
      width: 100,
      render: (_v, p) => (
        <Tag color={p.enabled ? 'green' : undefined}>{p.enabled ? t('storage.plan.enabled') : t('storage.plan.disabled')}</Tag>
      ),
    },
    {
      key: 'actions',
      title: t('storage.actionsTitle'),
      width: 160,
      render: (_v, p) => (
        <Space size={0}>
          {p.actions.includes('edit') && (
            <Button type="link" size="small" onClick={() => setEditing(p)}>
              {t('storage.actions.edit')}
            </Button>
          )}
          {(['disable', 'enable'] as const)
            .filter((a) => p.actions.includes(a))
            .map((a) => (
              <Button key={a} type="link" size="small" onClick={() => operate.mutate({ planId: p.planId, action: a })}>
                {t(`storage.plan.${a}`)}
              </Button>
            ))}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ marginBottom: 12 }}
        data-testid="plan-create"
        onClick={() => setEditing('new')}
      >
        {t('storage.plan.create')}
      </Button>
      <PagedTable<StoragePlan>
        rowKey="planId"
        data-testid="plans-table"
        loading={isFetching && !data}
        columns={columns}
        page={data}
        pageNum={page.pageNum}
        pageSize={page.pageSize}
        onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        emptyText={t('storage.plan.empty')}
      />
      {editing && <PlanModal plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function PlanModal({ plan, onClose }: { plan: StoragePlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSavePlan();
  return (
    <Modal
      open
      title={plan ? t('storage.plan.edit') : t('storage.plan.create')}
      okText={t('storage.save')}
      cancelText={t('storage.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await save.mutateAsync({
          planId: plan?.planId,
          name: v.name,
          storageValue: v.storageValue,
          storageUnit: v.storageUnit,
          serviceDays: v.serviceDays,
          costPrice: toMinor(v.costPrice),
          guidePrice: toMinor(v.guidePrice),
        });
        onClose();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          plan
            ? { ...plan, costPrice: toMajor(plan.costPrice ?? 0), guidePrice: toMajor(plan.guidePrice) }
            : { storageValue: 7, storageUnit: 'day', serviceDays: 30 }
        }
      >
        <Form.Item name="name" label={t('storage.plan.name')} rules={[{ required: true, message: t('storage.required') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Space>
          <Form.Item name="storageValue" label={t('storage.plan.cycle')} rules={[{ required: true, message: t('storage.required') }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item name="storageUnit" label={t('storage.plan.cycleUnit')}>
            <Select
              style={{ width: 120 }}
              options={STORAGE_DURATION_UNITS.map((u) => ({ value: u, label: t(`storage.plan.units.${u}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="serviceDays" label={t('storage.plan.serviceDays')}>
          <Select options={CAMERA_PACKAGE_DAYS.map((d) => ({ value: d, label: t('storage.plan.serviceDaysValue', { count: d }) }))} />
        </Form.Item>
        <Space>
          <Form.Item
            name="costPrice"
            label={`${t('storage.costPrice')} (USD)`}
            rules={[{ required: true, message: t('storage.required') }]}
          >
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item
            name="guidePrice"
            label={`${t('storage.guidePrice')} (USD)`}
            dependencies={['costPrice']}
            rules={[
              { required: true, message: t('storage.required') },
              ({ getFieldValue }) => ({
                validator: (_r, v: number) =>
                  v < (getFieldValue('costPrice') ?? 0) ? Promise.reject(new Error(t('storage.plan.guideBelowCost'))) : Promise.resolve(),
              }),
            ]}
          >
            <InputNumber min={0} precision={2} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
