import {
  EMPTY_RICH_TEXT,
  LOCALES,
  type ContentAction,
  type ContentItem,
  type ContentShared,
  type ContentType,
  type Locale,
  type RichTextDoc,
} from '@portal/contract';
import { App, Button, DatePicker, Divider, Drawer, Form, Input, List, Select, Space, Switch, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryIcon, RocketOutlined, UndoOutlined } from './editor-icons';
import { isApiError } from '../../../lib/api/api-error';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  useCancelSchedule,
  useCreateItem,
  useCreateSchedule,
  useItem,
  useOperateItem,
  usePreviewLink,
  useReserveItemId,
  useRestoreRevision,
  useRevisions,
  useSaveItem,
  useSchedules,
} from '../api/content-api';
import { SharedFields } from './SharedFields';
import { UploadField } from './UploadField';
import { StateTag } from './StateTag';

/** The body editor (Tiptap) is its own chunk, fetched when an item is opened. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));
/** The catalogue's rich-text codes (28100-28119): shown on the body field. */
const isRichTextError = (e: unknown) => isApiError(e) && e.code >= 28100 && e.code <= 28119;

interface FormValues {
  shared: ContentShared;
  tr: {
    title: string;
    slug: string;
    summary: string;
    body: RichTextDoc;
    seoTitle: string;
    seoDescription: string;
    noindex: boolean;
    ogImage: string;
    canonical: string;
  };
}

const EMPTY_TR: FormValues['tr'] = {
  title: '',
  slug: '',
  summary: '',
  body: EMPTY_RICH_TEXT,
  seoTitle: '',
  seoDescription: '',
  noindex: false,
  ogImage: '',
  canonical: '',
};
const TRANSLATION_ACTIONS: ContentAction[] = ['release', 'takeOffShelf', 'putOnShelf', 'supplierTakeOff', 'supplierRestore'];

/** Drops empty values: the server keeps a field the save does not name. */
function cleanShared(shared: ContentShared | undefined): ContentShared {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(shared ?? {})) {
    if (v === undefined || v === '') continue;
    if (k === 'params') {
      out.params = Object.fromEntries(
        Object.entries(v as Record<string, unknown>).filter(
          ([, x]) => x !== undefined && x !== null && x !== '' && !(Array.isArray(x) && x.length === 0),
        ),
      );
    } else out[k] = v;
  }
  return out as ContentShared;
}

/**
 * One item: shared fields and a translation per locale (each with its state), saved as revisions;
 * the locale's actions (release, shelf moves) exactly as the server answers them, a schedule, and
 * the revisions with their diffs and a restore.
 */
export function ItemEditorDrawer({
  type,
  itemId,
  onClose,
  onCreated,
}: {
  type: ContentType;
  itemId: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [locale, setLocale] = useState<Locale>('en-US');
  const { data: item } = useItem(itemId);
  const create = useCreateItem();
  const save = useSaveItem();
  const operate = useOperateItem();
  const previewLink = usePreviewLink();
  const isNew = itemId === null;
  const translation = item?.translations.find((x) => x.locale === locale);
  // A new item gets its id before its first save, so that its uploads are attached to it.
  const reserve = useReserveItemId();
  const [reservedId, setReservedId] = useState<number | null>(null);
  useEffect(() => {
    if (!isNew) return;
    let live = true;
    reserve
      .mutateAsync(type)
      .then((r) => live && setReservedId(r.id))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new item
  }, [isNew, type]);

  useEffect(() => {
    if (isNew) form.setFieldsValue({ shared: {}, tr: EMPTY_TR });
    else if (item) {
      const tr = item.translations.find((x) => x.locale === locale);
      form.setFieldsValue({ shared: item.shared, tr: tr ? { ...tr } : EMPTY_TR });
    }
  }, [item, locale, isNew, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const shared = cleanShared(v.shared);
    const tr = { ...EMPTY_TR, ...v.tr };
    try {
      if (isNew) {
        const made = await create.mutateAsync({ type, ...(reservedId ? { id: reservedId } : {}), shared, locale, translation: tr });
        notify('success', 'content-save', t('content.saved'));
        onCreated(made.id);
      } else if (item) {
        await save.mutateAsync({ id: item.id, version: item.version, shared, locale, translation: tr });
        notify('success', 'content-save', t('content.saved'));
      }
    } catch (e) {
      // Shown by the API client; a rich-text refusal also on the body field.
      if (isRichTextError(e)) form.setFields([{ name: ['tr', 'body'], errors: [(e as Error).message] }]);
    }
  };

  const act = (action: ContentAction) => {
    if (!item) return;
    const run = async (reason?: string) => {
      try {
        await operate.mutateAsync({ id: item.id, locale, action, reason });
        notify('success', `content-${action}`, t(`content.done.${action}`, { locale }));
      } catch {
        /* shown by the API client */
      }
    };
    if (action !== 'supplierTakeOff' && action !== 'takeOffShelf') return void run();
    let reason = '';
    modal.confirm({
      title: t(`content.action.${action}`),
      content:
        action === 'supplierTakeOff' ? (
          <Input
            aria-label={t('content.reason')}
            placeholder={t('content.reason')}
            maxLength={200}
            onChange={(e) => (reason = e.target.value)}
          />
        ) : (
          t('content.confirmTakeOff', { locale })
        ),
      okText: t(`content.action.${action}`),
      cancelText: t('content.cancel'),
      onOk: () => run(reason || undefined),
    });
  };

  /**
   * Opens the signed preview (the latest saved draft of this locale) in a new tab: the tab opens
   * at the click (no popup blocker), then goes to the link once the server signs it.
   */
  function openPreview() {
    if (!item) return;
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    previewLink
      .mutateAsync({ id: item.id, locale })
      .then((r) => {
        if (tab) tab.location.href = r.url;
        else window.open(r.url, '_blank', 'noopener');
      })
      .catch(() => tab?.close());
  }

  const hasLocale = !!translation;
  return (
    <Drawer
      open
      size="large"
      onClose={onClose}
      title={
        isNew
          ? t('content.newItem', { type: t(`content.type.${type}`) })
          : `${t(`content.type.${type}`)} · ${item?.translations[0]?.title ?? ''}`
      }
      extra={
        <Button type="primary" onClick={() => void submit()} loading={create.isPending || save.isPending} data-testid="content-save">
          {t('content.save')}
        </Button>
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <Tabs
          activeKey={locale}
          onChange={(k) => setLocale(k as Locale)}
          items={LOCALES.map((l) => {
            const tr = item?.translations.find((x) => x.locale === l);
            return {
              key: l,
              label: (
                <span data-testid={`locale-tab-${l}`}>
                  {l}{' '}
                  {tr ? (
                    <StateTag state={tr.state} pending={tr.hasUnreleasedChanges} />
                  ) : isNew && l !== 'en-US' ? null : (
                    <Typography.Text type="secondary">{t('content.missing')}</Typography.Text>
                  )}
                </span>
              ),
              disabled: isNew && l !== 'en-US',
            };
          })}
        />
        {translation && (
          <Space wrap style={{ marginBottom: 12 }}>
            {TRANSLATION_ACTIONS.filter((a) => translation.actions.includes(a)).map((a) => (
              <Button
                key={a}
                icon={a === 'release' ? <RocketOutlined /> : undefined}
                type={a === 'release' ? 'primary' : 'default'}
                ghost={a === 'release'}
                onClick={() => act(a)}
                data-testid={`action-${a}`}
              >
                {t(`content.action.${a}`)}
              </Button>
            ))}
            <Button onClick={() => openPreview()} loading={previewLink.isPending} data-testid="content-preview">
              {t('content.preview')}
            </Button>
            {translation.reason && <Typography.Text type="danger">{translation.reason}</Typography.Text>}
          </Space>
        )}
        <Form.Item name={['tr', 'title']} label={t('content.field.title')} rules={[{ required: true, message: t('content.required') }]}>
          <Input maxLength={100} data-testid="field-title" />
        </Form.Item>
        <Form.Item name={['tr', 'slug']} label={t('content.field.slug')} extra={t('content.slugHint')}>
          <Input maxLength={120} data-testid="field-slug" />
        </Form.Item>
        <Form.Item name={['tr', 'summary']} label={t('content.field.summary')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name={['tr', 'body']} label={t('content.field.body')} extra={t('content.bodyHint')}>
          <LazyRichText label={t('content.field.body')} itemType={type} itemId={item?.id ?? reservedId ?? undefined} />
        </Form.Item>
        <Space wrap style={{ width: '100%' }} styles={{ item: { flex: 1, minWidth: 260 } }}>
          <Form.Item name={['tr', 'seoTitle']} label={t('content.field.seoTitle')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name={['tr', 'seoDescription']} label={t('content.field.seoDescription')}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name={['tr', 'noindex']} label={t('content.field.noindex')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space wrap style={{ width: '100%' }} styles={{ item: { flex: 1, minWidth: 260 } }}>
          <Form.Item name={['tr', 'ogImage']} label={t('content.field.ogImage')} extra={t('content.ogImageHint')}>
            <UploadField use="cover" itemType={type} itemId={item?.id ?? reservedId ?? undefined} />
          </Form.Item>
          <Form.Item
            name={['tr', 'canonical']}
            label={t('content.field.canonical')}
            extra={t('content.canonicalHint')}
            rules={[{ pattern: /^(https?:\/\/|\/(?!\/))/i, message: t('content.canonicalRule') }]}
          >
            <Input maxLength={500} data-testid="field-canonical" />
          </Form.Item>
        </Space>
        <Divider titlePlacement="start">{t('content.sharedFields')}</Divider>
        <SharedFields type={type} itemId={item?.id ?? reservedId ?? undefined} />
      </Form>
      {item && hasLocale && <SchedulePanel item={item} locale={locale} />}
      {item && hasLocale && <RevisionsPanel item={item} locale={locale} />}
    </Drawer>
  );
}

function SchedulePanel({ item, locale }: { item: ContentItem; locale: Locale }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<'release' | 'takeOffShelf'>('release');
  const [at, setAt] = useState<Dayjs | null>(null);
  const create = useCreateSchedule();
  const cancel = useCancelSchedule();
  const { data } = useSchedules(item.id);
  const mine = (data?.records ?? []).filter((s) => s.locale === locale);
  return (
    <>
      <Divider titlePlacement="start">{t('content.schedule')}</Divider>
      <Space wrap>
        <Select
          aria-label={t('content.scheduleAction')}
          value={action}
          onChange={setAction}
          style={{ width: 180 }}
          options={(['release', 'takeOffShelf'] as const).map((a) => ({ value: a, label: t(`content.action.${a}`) }))}
        />
        <DatePicker
          aria-label={t('content.scheduleAt')}
          showTime
          value={at}
          onChange={setAt}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
        />
        <Button
          disabled={!at || !item.actions.includes('schedule')}
          loading={create.isPending}
          data-testid="schedule-add"
          onClick={() =>
            void create
              .mutateAsync({ itemId: item.id, locale, action, runAt: at!.valueOf() })
              .then(() => notify('success', 'content-schedule', t('content.scheduled')))
              .catch(() => undefined)
          }
        >
          {t('content.addSchedule')}
        </Button>
      </Space>
      <List
        size="small"
        dataSource={mine}
        locale={{ emptyText: t('content.noSchedules') }}
        renderItem={(s) => (
          <List.Item
            data-testid={`schedule-${s.state}`}
            actions={
              s.state === 'pending' && item.actions.includes('schedule')
                ? [
                    <Button key="c" size="small" type="link" onClick={() => void cancel.mutateAsync(s.id).catch(() => undefined)}>
                      {t('content.cancelSchedule')}
                    </Button>,
                  ]
                : []
            }
          >
            {t(`content.action.${s.action}`)} · {formatDateTime(s.runAt)} · {t(`content.scheduleState.${s.state}`)}
            {s.reason ? <Typography.Text type="danger"> · {s.reason}</Typography.Text> : null}
          </List.Item>
        )}
      />
    </>
  );
}

function RevisionsPanel({ item, locale }: { item: ContentItem; locale: Locale }) {
  const { t } = useTranslation();
  const { data } = useRevisions(item.id, locale);
  const restore = useRestoreRevision();
  const latest = item.translations.find((x) => x.locale === locale)?.latestRevisionId;
  return (
    <>
      <Divider titlePlacement="start">
        <HistoryIcon /> {t('content.revisions')}
      </Divider>
      <List
        size="small"
        dataSource={data?.records ?? []}
        renderItem={(r) => (
          <List.Item
            data-testid={`revision-${r.n}`}
            actions={
              r.id !== latest && item.actions.includes('edit')
                ? [
                    <Button
                      key="restore"
                      size="small"
                      type="link"
                      icon={<UndoOutlined />}
                      onClick={() =>
                        void restore
                          .mutateAsync({ revisionId: r.id, version: item.version })
                          .then(() => notify('success', 'content-restore', t('content.restored', { n: r.n })))
                          .catch(() => undefined)
                      }
                    >
                      {t('content.restore')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={`#${r.n} · ${r.authorName} · ${formatDateTime(r.createdAt)}${r.released ? ` · ${t('content.state.released')}` : ''}`}
              description={
                r.diff.length === 0
                  ? t('content.noChanges')
                  : r.diff.map((d) => t(`content.field.${d.field}`, { defaultValue: d.field })).join(', ')
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}

/** The lazily loaded body editor as a form control (value, onChange and id come from Form.Item). */
function LazyRichText(props: {
  value?: RichTextDoc;
  onChange?: (d: RichTextDoc) => void;
  id?: string;
  label: string;
  'aria-invalid'?: boolean;
  itemType: ContentType;
  itemId?: number;
}) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<div style={{ minHeight: 220 }} aria-busy="true" aria-label={t('content.rich.loading')} />}>
      <RichTextEditor
        value={props.value}
        onChange={props.onChange}
        id={props.id}
        label={props.label}
        invalid={!!props['aria-invalid']}
        itemType={props.itemType}
        itemId={props.itemId}
      />
    </Suspense>
  );
}
