import { PARAM_TYPES, type ParamDef } from '@portal/contract';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '../../../components/icons';
import { CellText, useFittedColumns } from '../../../components/list';
import { notify } from '../../../lib/notify';
import {
  useContentAbilities,
  useDeleteParam,
  useParamGroups,
  useParams,
  useSaveParam,
  useSaveParamGroup,
  type ParamSaveData,
} from '../api/content-api';

/** Parameter definitions (names per locale, group, type, unit, options, filterable, comparable) and their groups. */
export function ParamsPanel() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const can = useContentAbilities().can('editParams');
  const { data: params, isFetching } = useParams();
  const { data: groups } = useParamGroups();
  const remove = useDeleteParam();
  const [editing, setEditing] = useState<ParamDef | 'new' | null>(null);
  const [groupOpen, setGroupOpen] = useState(false);
  const name = (n: { 'en-US': string; 'zh-CN': string }) => (i18n.language === 'zh-CN' && n['zh-CN']) || n['en-US'];

  const columns: ColumnsType<ParamDef> = [
    { key: 'name', title: t('content.param.name'), minWidth: 180, render: (_, p) => <CellText text={name(p.names)} /> },
    { key: 'key', title: t('content.param.key'), width: 150, dataIndex: 'key' },
    {
      key: 'group',
      title: t('content.param.group'),
      width: 140,
      render: (_, p) => (
        <CellText text={groups?.find((g) => g.id === p.groupId) ? name(groups.find((g) => g.id === p.groupId)!.names) : '-'} />
      ),
    },
    {
      key: 'type',
      title: t('content.param.type'),
      width: 150,
      render: (_, p) => `${t(`content.paramType.${p.type}`)}${p.unit ? ` (${p.unit})` : ''}`,
    },
    {
      key: 'flags',
      title: t('content.param.flags'),
      width: 180,
      render: (_, p) => (
        <Space size={4}>
          {p.filterable && <Tag>{t('content.param.filterable')}</Tag>}
          {p.comparable && <Tag>{t('content.param.comparable')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      render: (_, p) =>
        can ? (
          <Space size={0}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('content.edit', { name: name(p.names) })}
              onClick={() => setEditing(p)}
            />
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('content.delete', { name: name(p.names) })}
              onClick={() =>
                modal.confirm({
                  title: t('content.confirmDelete', { name: name(p.names) }),
                  okText: t('content.deleteOk'),
                  cancelText: t('content.cancel'),
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutateAsync(p.id).catch(() => undefined),
                })
              }
            />
          </Space>
        ) : null,
    },
  ];
  const fitted = useFittedColumns(columns);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        {can && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="new-param">
            {t('content.param.new')}
          </Button>
        )}
        {can && <Button onClick={() => setGroupOpen(true)}>{t('content.param.newGroup')}</Button>}
      </Space>
      <Table<ParamDef> rowKey="id" size="middle" loading={isFetching} dataSource={params ?? []} pagination={false} {...fitted} />
      {editing && <ParamModal def={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {groupOpen && <GroupModal onClose={() => setGroupOpen(false)} />}
    </>
  );
}

function ParamModal({ def, onClose }: { def: ParamDef | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ParamSaveData>();
  const save = useSaveParam();
  const { data: groups } = useParamGroups();
  const type = Form.useWatch('type', form);
  return (
    <Modal
      open
      title={def ? t('content.param.edit') : t('content.param.new')}
      okText={t('content.save')}
      cancelText={t('content.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          await save.mutateAsync({ ...v, id: def?.id });
          notify('success', 'content-param', t('content.saved'));
          onClose();
        } catch {
          /* shown by the API client */
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={def ?? { type: 'text', filterable: false, comparable: true, options: [], names: { 'en-US': '', 'zh-CN': '' } }}
      >
        <Form.Item
          name="key"
          label={t('content.param.key')}
          rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{0,39}$/, message: t('content.param.keyRule') }]}
        >
          <Input disabled={!!def} data-testid="param-key" />
        </Form.Item>
        <Space style={{ width: '100%' }} styles={{ item: { flex: 1 } }}>
          <Form.Item
            name={['names', 'en-US']}
            label={t('content.param.nameEn')}
            rules={[{ required: true, message: t('content.required') }]}
          >
            <Input data-testid="param-name-en" />
          </Form.Item>
          <Form.Item name={['names', 'zh-CN']} label={t('content.param.nameZh')}>
            <Input data-testid="param-name-zh" />
          </Form.Item>
        </Space>
        <Space style={{ width: '100%' }} styles={{ item: { flex: 1 } }}>
          <Form.Item name="type" label={t('content.param.type')}>
            <Select options={PARAM_TYPES.map((p) => ({ value: p, label: t(`content.paramType.${p}`) }))} data-testid="param-type" />
          </Form.Item>
          <Form.Item name="unit" label={t('content.param.unit')}>
            <Input maxLength={20} disabled={type !== 'number'} />
          </Form.Item>
          <Form.Item name="groupId" label={t('content.param.group')}>
            <Select
              allowClear
              options={(groups ?? []).map((g) => ({
                value: g.id,
                label: (i18n.language === 'zh-CN' && g.names['zh-CN']) || g.names['en-US'],
              }))}
            />
          </Form.Item>
        </Space>
        {(type === 'enum' || type === 'multi_enum') && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline">
                    <Form.Item name={[f.name, 'value']} rules={[{ required: true, message: t('content.required') }]}>
                      <Input placeholder={t('content.param.optionValue')} aria-label={t('content.param.optionValue')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'labels', 'en-US']} rules={[{ required: true, message: t('content.required') }]}>
                      <Input placeholder={t('content.param.nameEn')} aria-label={t('content.param.nameEn')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'labels', 'zh-CN']}>
                      <Input placeholder={t('content.param.nameZh')} aria-label={t('content.param.nameZh')} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('content.param.removeOption')}
                      onClick={() => remove(f.name)}
                    />
                  </Space>
                ))}
                <Button onClick={() => add({ value: '', labels: { 'en-US': '', 'zh-CN': '' } })}>{t('content.param.addOption')}</Button>
              </>
            )}
          </Form.List>
        )}
        <Space style={{ marginTop: 12 }}>
          <Form.Item name="filterable" label={t('content.param.filterable')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="comparable" label={t('content.param.comparable')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label={t('content.param.sort')}>
            <InputNumber min={0} max={10000} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function GroupModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ names: { 'en-US': string; 'zh-CN': string } }>();
  const save = useSaveParamGroup();
  return (
    <Modal
      open
      title={t('content.param.newGroup')}
      okText={t('content.save')}
      cancelText={t('content.cancel')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await save
          .mutateAsync({ names: v.names, sort: 0 })
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name={['names', 'en-US']} label={t('content.param.nameEn')} rules={[{ required: true, message: t('content.required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name={['names', 'zh-CN']} label={t('content.param.nameZh')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
