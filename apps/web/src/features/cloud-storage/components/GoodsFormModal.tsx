import { DETAIL_IMAGE_MAX_WIDTH, DETAIL_IMAGE_MIN_WIDTH, type StorageGoodsDetail } from '@portal/contract';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PictureOutlined, UploadOutlined } from '../../../components/icons';
import { uploadFile } from '../../../lib/api/upload';
import { useSessionUser } from '../../../lib/session/session-store';
import { useAreaOptions } from '../lib/areas';
import { type GoodsFields, usePlanList, useSaveGoods } from '../api/storage-api';
import { formatMoney, toMajor, toMinor } from './money';
import { AppPreview } from './AppPreview';

const LOCALES = ['en-US', 'zh-CN'] as const;

interface FormValues {
  name: string;
  goodsCode: string;
  planId: number;
  androidPrice: number;
  iosPrice: number;
  unlimited: boolean;
  stock: number | null;
  saleUntil: Dayjs | null;
  areaId: number;
  graphic: Record<string, string>;
  terms: Record<string, string>;
}

type Img = { fileId: number; url: string };

/** Create or edit goods: plan, prices (USD), stock, sale until and area, cover, and per language the graphic information (with detail images) and service terms, previewed as the app shows them. */
export function GoodsFormModal({ goods, onClose }: { goods: StorageGoodsDetail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveGoods();
  const plans = usePlanList({ pageNum: 1, pageSize: 100 }).data?.records ?? [];
  const areas = useAreaOptions();
  const user = useSessionUser();
  const [cover, setCover] = useState<Img | null>(goods ? { fileId: goods.coverFileId, url: goods.coverUrl } : null);
  const [images, setImages] = useState<Record<string, Img[]>>(() => ({
    'en-US': goods?.contents['en-US'].detailImages.map((i) => ({ fileId: i.fileId, url: i.url })) ?? [],
    'zh-CN': goods?.contents['zh-CN']?.detailImages.map((i) => ({ fileId: i.fileId, url: i.url })) ?? [],
  }));
  const [previewLocale, setPreviewLocale] = useState<string>(i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US');
  const values = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const plan = plans.find((p) => p.planId === values?.planId);

  const pick = (accept: string, done: (img: Img) => void, purpose: 'cover' | 'goodsDetail') => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.onchange = async () => {
      const f = input.files?.[0];
      if (!f) return;
      const up = await uploadFile(purpose, f);
      done({ fileId: up.fileId, url: URL.createObjectURL(f) });
    };
    input.click();
  };

  const submit = async () => {
    const v = await form.validateFields();
    if (!cover) return;
    const content = (l: string) => ({
      graphic: v.graphic?.[l] ?? '',
      terms: v.terms?.[l] ?? '',
      detailImageIds: (images[l] ?? []).map((i) => i.fileId),
    });
    const zhUsed = !!(v.graphic?.['zh-CN'] || v.terms?.['zh-CN'] || images['zh-CN']?.length);
    const data: GoodsFields & { goodsId?: number } = {
      goodsId: goods?.goodsId,
      name: v.name,
      goodsCode: v.goodsCode,
      planId: v.planId,
      androidPrice: toMinor(v.androidPrice),
      iosPrice: toMinor(v.iosPrice),
      stock: v.unlimited ? null : (v.stock ?? 0),
      saleUntil: v.saleUntil ? v.saleUntil.endOf('day').valueOf() : null,
      areaId: v.areaId,
      coverFileId: cover.fileId,
      contents: { 'en-US': content('en-US'), ...(zhUsed ? { 'zh-CN': content('zh-CN') } : {}) },
    };
    await save.mutateAsync(data);
    onClose();
  };

  const initial: Partial<FormValues> = goods
    ? {
        name: goods.name,
        goodsCode: goods.goodsCode,
        planId: goods.planId,
        androidPrice: toMajor(goods.androidPrice),
        iosPrice: toMajor(goods.iosPrice),
        unlimited: goods.stock === null,
        stock: goods.stock,
        saleUntil: goods.saleUntil ? dayjs(goods.saleUntil) : null,
        areaId: goods.areaId,
        graphic: { 'en-US': goods.contents['en-US'].graphic, 'zh-CN': goods.contents['zh-CN']?.graphic ?? '' },
        terms: { 'en-US': goods.contents['en-US'].terms, 'zh-CN': goods.contents['zh-CN']?.terms ?? '' },
      }
    : { unlimited: true, stock: null, areaId: user?.currentArea };

  return (
    <Modal
      open
      width={1100}
      title={goods ? t('storage.goods.edit') : t('storage.goods.create')}
      okText={t('storage.save')}
      cancelText={t('storage.cancel')}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col span={15}>
          <Form form={form} layout="vertical" initialValues={initial} data-testid="goods-form">
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="name" label={t('storage.goods.name')} rules={[{ required: true, message: t('storage.required') }]}>
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="goodsCode"
                  label={t('storage.goods.code')}
                  rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/, message: t('storage.goods.codeRule') }]}
                >
                  <Input maxLength={32} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="planId" label={t('storage.goods.plan')} rules={[{ required: true, message: t('storage.required') }]}>
                  <Select
                    options={plans.map((p) => ({
                      value: p.planId,
                      label: `${p.name} · ${t('storage.guidePrice')} ${formatMoney(p.guidePrice)}`,
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="areaId" label={t('storage.goods.area')} rules={[{ required: true, message: t('storage.required') }]}>
                  <Select options={areas} />
                </Form.Item>
              </Col>
              {(['androidPrice', 'iosPrice'] as const).map((k) => (
                <Col span={12} key={k}>
                  <Form.Item
                    name={k}
                    label={`${t(`storage.goods.${k}`)} (USD)`}
                    extra={plan ? `${t('storage.guidePrice')} ${formatMoney(plan.guidePrice)}` : undefined}
                    rules={[
                      { required: true, message: t('storage.required') },
                      {
                        validator: (_r, v: number | null) =>
                          plan && v !== null && v !== undefined && toMinor(v) < plan.guidePrice
                            ? Promise.reject(new Error(t('storage.goods.belowGuide')))
                            : Promise.resolve(),
                      },
                    ]}
                  >
                    <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              ))}
              <Col span={6}>
                <Form.Item name="unlimited" label={t('storage.goods.unlimited')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="stock" label={t('storage.goods.stock')}>
                  <InputNumber min={0} precision={0} disabled={values?.unlimited} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="saleUntil" label={t('storage.goods.saleUntil')}>
                  <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('storage.goods.cover')} required extra={t('storage.goods.coverRule')}>
              <Space>
                <Button
                  icon={<UploadOutlined />}
                  data-testid="cover-upload"
                  onClick={() => pick('.png,.jpg,.jpeg,.gif', setCover, 'cover')}
                >
                  {cover ? t('storage.goods.replace') : t('storage.goods.upload')}
                </Button>
                {cover && <img src={cover.url} alt={t('storage.goods.cover')} style={{ height: 40 }} />}
              </Space>
            </Form.Item>
            <Tabs
              activeKey={previewLocale}
              onChange={setPreviewLocale}
              items={LOCALES.map((l) => ({
                key: l,
                label: t(`storage.lang.${l}`),
                forceRender: true,
                children: (
                  <>
                    <Form.Item
                      name={['graphic', l]}
                      label={t('storage.goods.graphic')}
                      extra={t('storage.goods.htmlHint')}
                      rules={l === 'en-US' ? [{ required: true, message: t('storage.required') }] : []}
                    >
                      <Input.TextArea rows={3} maxLength={20000} />
                    </Form.Item>
                    <Form.Item
                      label={t('storage.goods.detailImages')}
                      extra={t('storage.goods.detailRule', { min: DETAIL_IMAGE_MIN_WIDTH, max: DETAIL_IMAGE_MAX_WIDTH })}
                    >
                      <Space wrap>
                        {(images[l] ?? []).map((img, i) => (
                          <Button
                            key={img.fileId}
                            size="small"
                            onClick={() => setImages((s) => ({ ...s, [l]: s[l]!.filter((_x, j) => j !== i) }))}
                            aria-label={t('storage.goods.removeImage', { n: i + 1 })}
                          >
                            <img src={img.url} alt="" style={{ height: 20 }} /> ×
                          </Button>
                        ))}
                        <Button
                          icon={<PictureOutlined />}
                          data-testid={`detail-upload-${l}`}
                          onClick={() =>
                            pick('.png,.jpg,.jpeg,.gif', (img) => setImages((s) => ({ ...s, [l]: [...(s[l] ?? []), img] })), 'goodsDetail')
                          }
                        >
                          {t('storage.goods.addImage')}
                        </Button>
                      </Space>
                    </Form.Item>
                    <Form.Item name={['terms', l]} label={t('storage.goods.terms')}>
                      <Input.TextArea rows={3} maxLength={20000} />
                    </Form.Item>
                  </>
                ),
              }))}
            />
          </Form>
        </Col>
        <Col span={9}>
          <Typography.Title level={5}>{t('storage.goods.preview')}</Typography.Title>
          <AppPreview
            name={values?.name ?? ''}
            coverUrl={cover?.url ?? null}
            price={values?.androidPrice !== undefined && values?.androidPrice !== null ? toMinor(values.androidPrice) : null}
            graphic={values?.graphic?.[previewLocale] ?? ''}
            terms={values?.terms?.[previewLocale] ?? ''}
            images={(images[previewLocale] ?? []).map((i) => i.url)}
            serviceDays={plan?.serviceDays ?? null}
          />
        </Col>
      </Row>
    </Modal>
  );
}
