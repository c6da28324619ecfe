import { CONTENT_TYPE_FIELDS, TERM_TYPES, type ContentType, type ParamDef } from '@portal/contract';
import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useItemOptions, useParams } from '../api/content-api';
import { UploadField } from './UploadField';

const REF_TYPES: Partial<Record<string, (type: ContentType) => ContentType>> = {
  categoryId: (type) => (type === 'solution' ? 'solution_category' : 'product_category'),
  parentId: (type) => type,
  successorId: () => 'product',
  targetId: (type) => (type === 'hot_solution' ? 'solution' : 'product'),
  faqTypeId: () => 'faq_type',
  relatedIds: (type) => (type === 'solution' ? 'solution' : 'product'),
  manualIds: () => 'manual',
};

function RefSelect({
  field,
  type,
  multiple,
  value,
  onChange,
  id,
}: {
  field: string;
  type: ContentType;
  multiple?: boolean;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  const target = REF_TYPES[field]!(type);
  const { data } = useItemOptions(target);
  const options = (data?.records ?? []).map((i) => {
    const tr = i.translations.find((x) => x.locale === i18n.language) ?? i.translations[0];
    return { value: i.id, label: `${tr?.title ?? `#${i.id}`}${i.shared.model ? ` (${i.shared.model})` : ''}` };
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      value={value as never}
      onChange={(v) => onChange?.(v ?? (multiple ? [] : null))}
      options={options}
      placeholder={t('content.choose')}
    />
  );
}

function DateTimeInput({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  return (
    <DatePicker
      id={id}
      showTime
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.valueOf() : null)}
      style={{ width: '100%' }}
    />
  );
}

/** Typed parameter values of a product, one input per definition (number with its unit, enum, multi-enum, yes/no, text). */
function ParamInputs({ defs }: { defs: ParamDef[] }) {
  const { t, i18n } = useTranslation();
  const label = (d: ParamDef) => (i18n.language === 'zh-CN' && d.names['zh-CN']) || d.names['en-US'];
  const optionLabel = (o: ParamDef['options'][number]) => (i18n.language === 'zh-CN' && o.labels['zh-CN']) || o.labels['en-US'];
  return (
    <>
      {defs.map((d) => (
        <Form.Item
          key={d.key}
          name={['shared', 'params', d.key]}
          label={label(d)}
          valuePropName={d.type === 'boolean' ? 'checked' : 'value'}
        >
          {d.type === 'number' ? (
            <InputNumber addonAfter={d.unit || undefined} style={{ width: '100%' }} />
          ) : d.type === 'boolean' ? (
            <Switch />
          ) : d.type === 'enum' || d.type === 'multi_enum' ? (
            <Select
              allowClear
              mode={d.type === 'multi_enum' ? 'multiple' : undefined}
              options={d.options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
              placeholder={t('content.choose')}
            />
          ) : (
            <Input />
          )}
        </Form.Item>
      ))}
    </>
  );
}

/**
 * A product filter's number buckets: for each filterable number parameter, its ascending boundaries
 * (4 and 8 give "under 4", "4 to under 8" and "8 and over" on the site); none lists each value.
 */
function BucketInputs({ defs }: { defs: ParamDef[] }) {
  const { t, i18n } = useTranslation();
  const label = (d: ParamDef) => (i18n.language === 'zh-CN' && d.names['zh-CN']) || d.names['en-US'];
  const toBounds = (vals: Array<string | number> | undefined) => {
    const nums = [...new Set((vals ?? []).map(Number).filter((n) => Number.isFinite(n)))].sort((a, b) => a - b);
    return nums.length > 0 ? nums.slice(0, 10) : undefined;
  };
  return (
    <>
      {defs
        .filter((d) => d.type === 'number' && d.filterable)
        .map((d) => (
          <Form.Item
            key={d.key}
            name={['shared', 'buckets', d.key]}
            label={t('content.bucketsOf', { name: label(d) })}
            extra={t('content.bucketsHelp')}
            normalize={toBounds}
          >
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} />
          </Form.Item>
        ))}
    </>
  );
}

/** The shared fields of one type of item (CONTENT_TYPE_FIELDS), under `shared` in the editor's form. */
export function SharedFields({ type, itemId }: { type: ContentType; itemId?: number }) {
  const { t } = useTranslation();
  const fields = CONTENT_TYPE_FIELDS[type];
  const params = useParams();
  const item = (name: string, child: React.ReactNode, extra: Record<string, unknown> = {}) => (
    <Form.Item key={name} name={['shared', name]} label={t(`content.field.${name}`)} {...extra}>
      {child}
    </Form.Item>
  );
  return (
    <>
      {fields.map((f) => {
        switch (f) {
          case 'model':
            return item(f, <Input maxLength={64} />, { rules: [{ required: true, message: t('content.required') }] });
          case 'categoryId':
          case 'parentId':
          case 'successorId':
          case 'targetId':
          case 'faqTypeId':
            return item(f, <RefSelect field={f} type={type} />);
          case 'relatedIds':
          case 'manualIds':
            return item(f, <RefSelect field={f} type={type} multiple />);
          case 'discontinued':
          case 'publicAccess':
            return item(f, <Switch />, { valuePropName: 'checked' });
          case 'images':
            // Banners are wide pictures; a product's images are its detail images (600-820 px wide).
            return item(f, <UploadField use={type === 'banner' ? 'banner' : 'detail'} itemType={type} itemId={itemId} multiple />);
          case 'cover':
            // An FAQ type's picture is its 18x18 icon.
            return item(f, <UploadField use={type === 'faq_type' ? 'icon' : 'cover'} itemType={type} itemId={itemId} />);
          case 'countries':
            return item(f, <Select mode="tags" open={false} suffixIcon={null} />);
          case 'startAt':
          case 'endAt':
            return item(f, <DateTimeInput />);
          case 'termType':
            return item(f, <Select options={TERM_TYPES.map((x) => ({ value: x, label: t(`content.termType.${x}`) }))} />);
          case 'audience':
            return item(
              f,
              <Select options={(['site', 'installer', 'both'] as const).map((x) => ({ value: x, label: t(`content.audience.${x}`) }))} />,
            );
          case 'facets':
            return item(
              f,
              <Select
                mode="multiple"
                options={(params.data ?? []).filter((p) => p.filterable).map((p) => ({ value: p.key, label: p.names['en-US'] }))}
              />,
            );
          case 'params':
            return <ParamInputs key={f} defs={params.data ?? []} />;
          case 'buckets':
            return <BucketInputs key={f} defs={params.data ?? []} />;
          default:
            return item(f, <Input maxLength={500} />);
        }
      })}
    </>
  );
}
