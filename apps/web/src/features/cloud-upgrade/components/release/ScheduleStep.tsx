import { type Gates, gatesSchema } from '@portal/contract';
import { Col, DatePicker, Form, InputNumber, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../../../lib/i18n/validation';

/** Limits of each gate, from the contract's gatesSchema. */
const GATE_LIMITS: Record<keyof Gates, { min: number; max: number }> = Object.fromEntries(
  (Object.keys(gatesSchema.shape) as (keyof Gates)[]).map((k) => {
    const inner = gatesSchema.shape[k].unwrap() as unknown as { minValue: number | null; maxValue: number | null };
    return [k, { min: inner.minValue ?? 0, max: inner.maxValue ?? Number.MAX_SAFE_INTEGER }];
  }),
) as Record<keyof Gates, { min: number; max: number }>;

const GATE_FIELDS: { key: keyof Gates; suffix: 'percent' | 'devices' | 'minutes' }[] = [
  { key: 'successThreshold', suffix: 'percent' },
  { key: 'errorThreshold', suffix: 'percent' },
  { key: 'minDevices', suffix: 'devices' },
  { key: 'reportTimeoutMinutes', suffix: 'minutes' },
];

/** Step 3: when the release runs, and the gates that let waves go on or stop the task. */
export function ScheduleStep() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="window"
        label={t('upgrade.wizard.window')}
        required
        extra={t('upgrade.wizard.windowHint')}
        rules={[
          {
            validator: (_r, v: [Dayjs | null, Dayjs | null] | null | undefined) => {
              if (!v?.[0] || !v?.[1]) return Promise.reject(new Error(translateValidation('validation.dateRangeRequired')));
              if (!v[1].isAfter(v[0])) return Promise.reject(new Error(translateValidation('validation.dateRangeOrder')));
              if (!v[1].isAfter(dayjs())) return Promise.reject(new Error(t('upgrade.wizard.endInPast')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: 380 }}
          aria-label={t('upgrade.wizard.window')}
        />
      </Form.Item>
      <GateFields />
    </>
  );
}

/** The four gates of a task (success gate, error threshold and its minimum, report timeout). */
export function GateFields() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('upgrade.gates.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('upgrade.gates.explain')}</Typography.Paragraph>
      <Row gutter={16}>
        {GATE_FIELDS.map(({ key, suffix }) => (
          <Col xs={24} md={12} xl={6} key={key}>
            <Form.Item
              name={['gates', key]}
              label={t(`upgrade.gates.${key}`)}
              extra={t(`upgrade.gates.${key}Hint`)}
              required
              rules={[
                {
                  validator: (_r, v: number | null | undefined) => {
                    const { min, max } = GATE_LIMITS[key];
                    return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('upgrade.gates.range', { min, max })));
                  },
                },
              ]}
            >
              <InputNumber
                precision={0}
                style={{ width: '100%' }}
                suffix={t(`upgrade.unit.${suffix}`)}
                aria-label={t(`upgrade.gates.${key}`)}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
