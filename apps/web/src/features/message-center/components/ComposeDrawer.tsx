import {
  END_USER_FILTERS,
  MESSAGE_AUDIENCE_COMPANY_TYPES,
  MESSAGE_LANGUAGES,
  MESSAGE_TYPES,
  messageInputSchema,
  normalizeLocale,
  type AudiencePreview,
  type EndUserFilterBy,
  type MessageAudience,
  type MessageDetail,
  type MessageLanguage,
} from '@portal/contract';
import { Alert, Button, Checkbox, Drawer, Form, Input, Radio, Select, Space, Table, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaName } from '../../../lib/areas';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-store';
import { useCompanyOptions, useMessageAbilities, usePreview, useSaveMessage } from '../api/message-api';
import { languageName } from './labels';

interface FormState {
  type: (typeof MESSAGE_TYPES)[number];
  languages: MessageLanguage[];
  preferredLanguage: MessageLanguage;
  contents: Partial<Record<MessageLanguage, { title: string; body: string }>>;
  link: string;
  audienceKind: 'companyType' | 'company' | 'area' | 'endUsers';
  companyTypes: (typeof MESSAGE_AUDIENCE_COMPANY_TYPES)[number][];
  companyIds: number[];
  areaIds: number[];
  /** The end-user audience (the brand's app users). */
  endUserBy: EndUserFilterBy;
  countries: string[];
  models: string[];
  firmwareModel: string;
  versions: string[];
  endUserIds: string;
}

const EMPTY_END_USERS = { endUserBy: 'all' as EndUserFilterBy, countries: [], models: [], firmwareModel: '', versions: [], endUserIds: '' };

function endUserFields(a: MessageAudience): Pick<FormState, keyof typeof EMPTY_END_USERS> {
  if (a.kind !== 'endUsers') return { ...EMPTY_END_USERS };
  const f = a.filter;
  return {
    endUserBy: f.by,
    countries: f.by === 'country' ? f.countries : [],
    models: f.by === 'deviceModel' ? f.models : [],
    firmwareModel: f.by === 'firmware' ? (f.model ?? '') : '',
    versions: f.by === 'firmware' ? f.versions : [],
    endUserIds: f.by === 'specified' ? f.endUserIds.join(', ') : '',
  };
}

function initial(editing: MessageDetail | null, uiLocale: MessageLanguage): FormState {
  if (editing) {
    const a = editing.audience;
    return {
      type: editing.type,
      languages: editing.languages,
      preferredLanguage: editing.preferredLanguage,
      contents: editing.contents,
      link: editing.link,
      audienceKind: a.kind === 'users' ? 'company' : a.kind,
      companyTypes: a.kind === 'companyType' ? a.companyTypes : [],
      companyIds: a.kind === 'company' ? a.companyIds : [],
      areaIds: a.kind === 'area' ? a.areaIds : a.kind === 'endUsers' && a.filter.by === 'area' ? a.filter.areaIds : [],
      ...endUserFields(a),
    };
  }
  return {
    type: 'notice',
    languages: [uiLocale],
    preferredLanguage: uiLocale,
    contents: {},
    link: '',
    audienceKind: 'companyType',
    companyTypes: [],
    companyIds: [],
    areaIds: [],
    ...EMPTY_END_USERS,
  };
}

function endUserAudience(s: FormState): MessageAudience {
  switch (s.endUserBy) {
    case 'country':
      return { kind: 'endUsers', filter: { by: 'country', countries: s.countries } };
    case 'area':
      return { kind: 'endUsers', filter: { by: 'area', areaIds: s.areaIds } };
    case 'deviceModel':
      return { kind: 'endUsers', filter: { by: 'deviceModel', models: s.models } };
    case 'firmware':
      return {
        kind: 'endUsers',
        filter: { by: 'firmware', versions: s.versions, ...(s.firmwareModel.trim() ? { model: s.firmwareModel.trim() } : {}) },
      };
    case 'specified':
      return {
        kind: 'endUsers',
        filter: {
          by: 'specified',
          endUserIds: s.endUserIds
            .split(/[\s,，]+/)
            .filter(Boolean)
            .map(Number),
        },
      };
    default:
      return { kind: 'endUsers', filter: { by: 'all' } };
  }
}

function audienceOf(s: FormState): MessageAudience {
  if (s.audienceKind === 'endUsers') return endUserAudience(s);
  if (s.audienceKind === 'company') return { kind: 'company', companyIds: s.companyIds };
  if (s.audienceKind === 'area') return { kind: 'area', areaIds: s.areaIds };
  return { kind: 'companyType', companyTypes: s.companyTypes };
}

/** Compose or edit a message (mounted while open, so each opening starts from `editing`): type, languages (several for business users), contents, link, audience with its exact preview. */
export function ComposeDrawer({ open, editing, onClose }: { open: boolean; editing: MessageDetail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const uiLocale = normalizeLocale(i18n.language) as MessageLanguage;
  const user = useSessionUser();
  const areaName = useAreaName();
  const abilities = useMessageAbilities();
  const multi = abilities.can('multiLanguage');
  const [s, setS] = useState<FormState>(() => initial(editing, uiLocale));
  const [companySearch, setCompanySearch] = useState('');
  const companies = useCompanyOptions(companySearch, open && s.audienceKind === 'company');
  const preview = usePreview();
  const [previewed, setPreviewed] = useState<AudiencePreview | null>(null);
  const save = useSaveMessage();
  const [invalid, setInvalid] = useState<string | null>(null);

  const patch = (p: Partial<FormState>) => {
    setS((x) => ({ ...x, ...p }));
    setPreviewed(null);
  };
  const setLanguages = (langs: MessageLanguage[]) => {
    const languages = langs.length ? langs : s.languages;
    patch({ languages, preferredLanguage: languages.includes(s.preferredLanguage) ? s.preferredLanguage : languages[0]! });
  };
  const setContent = (lang: MessageLanguage, field: 'title' | 'body', value: string) =>
    setS((x) => ({ ...x, contents: { ...x.contents, [lang]: { title: '', body: '', ...x.contents[lang], [field]: value } } }));

  const languageOptions = MESSAGE_LANGUAGES.map((l) => ({ value: l, label: `${languageName(l, uiLocale)} (${l})` }));
  const myAreas = useMemo(() => user?.areaList ?? [], [user]);

  const data = () => ({
    type: s.type,
    contents: Object.fromEntries(s.languages.map((l) => [l, s.contents[l] ?? { title: '', body: '' }])),
    preferredLanguage: s.preferredLanguage,
    link: s.link,
    audience: audienceOf(s),
  });

  const runPreview = () =>
    preview.mutate(
      { audience: audienceOf(s), languages: s.languages, preferredLanguage: s.preferredLanguage },
      { onSuccess: setPreviewed },
    );

  const submit = () => {
    const checked = messageInputSchema.safeParse(data());
    if (!checked.success) {
      setInvalid(t(checked.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    setInvalid(null);
    save.mutate(
      { ...data(), ...(editing ? { messageId: editing.id } : {}) },
      {
        onSuccess: () => {
          notify('success', 'message-save', t('messageCenter.release.done.save'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t(editing ? 'messageCenter.release.edit' : 'messageCenter.release.new')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('messageCenter.release.cancel')}</Button>
          <Button type="primary" onClick={submit} loading={save.isPending} data-testid="compose-save">
            {t('messageCenter.release.save')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" data-testid="compose-form">
        <Form.Item label={t('messageCenter.field.type')} htmlFor="compose-type">
          <Select
            id="compose-type"
            value={s.type}
            onChange={(v) => patch({ type: v })}
            options={MESSAGE_TYPES.map((x) => ({ value: x, label: t(`messageCenter.type.${x}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('messageCenter.field.languages')}
          htmlFor="compose-languages"
          extra={multi ? t('messageCenter.release.multiLanguageHint') : t('messageCenter.release.singleLanguage')}
        >
          {multi ? (
            <Select
              id="compose-languages"
              mode="multiple"
              value={s.languages}
              onChange={setLanguages}
              options={languageOptions}
              data-testid="compose-languages"
            />
          ) : (
            <Select id="compose-languages" value={s.languages[0]} onChange={(v) => setLanguages([v])} options={languageOptions} />
          )}
        </Form.Item>
        {multi && (
          <Form.Item label={t('messageCenter.field.preferredLanguage')} htmlFor="compose-preferred">
            <Select
              id="compose-preferred"
              value={s.preferredLanguage}
              onChange={(v) => patch({ preferredLanguage: v })}
              options={s.languages.map((l) => ({ value: l, label: languageName(l, uiLocale) }))}
            />
          </Form.Item>
        )}
        <Tabs
          items={s.languages.map((l) => ({
            key: l,
            label: languageName(l, uiLocale),
            children: (
              <>
                <Form.Item label={t('messageCenter.field.title')} htmlFor={`title-${l}`} required>
                  <Input
                    id={`title-${l}`}
                    data-testid={`title-${l}`}
                    lang={l}
                    maxLength={100}
                    showCount
                    value={s.contents[l]?.title ?? ''}
                    onChange={(e) => setContent(l, 'title', e.target.value)}
                  />
                </Form.Item>
                <Form.Item label={t('messageCenter.field.body')} htmlFor={`body-${l}`} required extra={t('messageCenter.release.bodyHint')}>
                  <Input.TextArea
                    id={`body-${l}`}
                    data-testid={`body-${l}`}
                    lang={l}
                    rows={6}
                    maxLength={5000}
                    showCount
                    value={s.contents[l]?.body ?? ''}
                    onChange={(e) => setContent(l, 'body', e.target.value)}
                  />
                </Form.Item>
              </>
            ),
          }))}
        />
        <Form.Item label={t('messageCenter.field.link')} htmlFor="compose-link">
          <Input id="compose-link" value={s.link} placeholder="https://" onChange={(e) => patch({ link: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('messageCenter.field.audience')}>
          <Radio.Group
            value={s.audienceKind}
            onChange={(e) => patch({ audienceKind: e.target.value as FormState['audienceKind'] })}
            options={(['companyType', 'company', 'area', 'endUsers'] as const).map((k) => ({
              value: k,
              label: t(`messageCenter.release.audienceKind.${k}`),
            }))}
          />
        </Form.Item>
        {s.audienceKind === 'companyType' && (
          <Checkbox.Group
            value={s.companyTypes}
            onChange={(v) => patch({ companyTypes: v })}
            options={MESSAGE_AUDIENCE_COMPANY_TYPES.map((c) => ({ value: c, label: t(`messageCenter.release.companyType.${c}`) }))}
            data-testid="audience-company-types"
          />
        )}
        {s.audienceKind === 'company' && (
          <Select
            mode="multiple"
            aria-label={t('messageCenter.field.company')}
            style={{ width: '100%' }}
            showSearch={{ filterOption: false, onSearch: setCompanySearch }}
            placeholder={t('messageCenter.release.companySearch')}
            value={s.companyIds}
            onChange={(v) => patch({ companyIds: v })}
            options={(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        )}
        {s.audienceKind === 'area' && (
          <Select
            mode="multiple"
            aria-label={t('messageCenter.release.audienceKind.area')}
            style={{ width: '100%' }}
            value={s.areaIds}
            onChange={(v) => patch({ areaIds: v })}
            options={myAreas.map((a) => ({ value: a.id, label: areaName(a) }))}
          />
        )}
        {s.audienceKind === 'endUsers' && (
          <div data-testid="audience-end-users">
            <Form.Item label={t('messageCenter.release.endUserField.filter')} htmlFor="compose-end-user-by">
              <Select
                id="compose-end-user-by"
                data-testid="compose-end-user-by"
                value={s.endUserBy}
                onChange={(v) => patch({ endUserBy: v })}
                options={END_USER_FILTERS.map((b) => ({ value: b, label: t(`messageCenter.release.endUserBy.${b}`) }))}
              />
            </Form.Item>
            {s.endUserBy === 'country' && (
              <Form.Item label={t('messageCenter.release.endUserField.countries')} htmlFor="compose-countries">
                <Select
                  id="compose-countries"
                  mode="tags"
                  value={s.countries}
                  onChange={(v: string[]) => patch({ countries: v.map((c) => c.trim().toUpperCase()) })}
                  tokenSeparators={[',', ' ']}
                  open={false}
                />
              </Form.Item>
            )}
            {s.endUserBy === 'area' && (
              <Form.Item label={t('messageCenter.release.endUserField.areas')} htmlFor="compose-end-user-areas">
                <Select
                  id="compose-end-user-areas"
                  mode="multiple"
                  value={s.areaIds}
                  onChange={(v) => patch({ areaIds: v })}
                  options={myAreas.map((a) => ({ value: a.id, label: areaName(a) }))}
                />
              </Form.Item>
            )}
            {s.endUserBy === 'deviceModel' && (
              <Form.Item label={t('messageCenter.release.endUserField.models')} htmlFor="compose-models">
                <Select id="compose-models" mode="tags" value={s.models} onChange={(v: string[]) => patch({ models: v })} open={false} />
              </Form.Item>
            )}
            {s.endUserBy === 'firmware' && (
              <>
                <Form.Item label={t('messageCenter.release.endUserField.firmwareModel')} htmlFor="compose-firmware-model">
                  <Input id="compose-firmware-model" value={s.firmwareModel} onChange={(e) => patch({ firmwareModel: e.target.value })} />
                </Form.Item>
                <Form.Item label={t('messageCenter.release.endUserField.firmwareVersions')} htmlFor="compose-firmware-versions">
                  <Select
                    id="compose-firmware-versions"
                    mode="tags"
                    value={s.versions}
                    onChange={(v: string[]) => patch({ versions: v })}
                    open={false}
                  />
                </Form.Item>
              </>
            )}
            {s.endUserBy === 'specified' && (
              <Form.Item label={t('messageCenter.release.endUserField.endUserIds')} htmlFor="compose-end-user-ids">
                <Input.TextArea
                  id="compose-end-user-ids"
                  rows={3}
                  value={s.endUserIds}
                  onChange={(e) => patch({ endUserIds: e.target.value })}
                />
              </Form.Item>
            )}
          </div>
        )}
        <div style={{ marginTop: 16 }}>
          <Button onClick={runPreview} loading={preview.isPending} data-testid="compose-preview">
            {t('messageCenter.release.preview')}
          </Button>
          {previewed ? (
            <div style={{ marginTop: 12 }} data-testid="preview-result">
              <Typography.Text strong>{t('messageCenter.release.previewTotal', { count: previewed.total })}</Typography.Text>
              {s.audienceKind === 'endUsers' && (
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} data-testid="preview-muted">
                  {t('messageCenter.release.previewMuted', { count: previewed.muted })}
                </Typography.Paragraph>
              )}
              <Table
                size="small"
                style={{ marginTop: 8, maxWidth: 420 }}
                rowKey="language"
                pagination={false}
                dataSource={previewed.byLanguage}
                columns={[
                  { key: 'language', title: t('messageCenter.field.language'), render: (_, r) => languageName(r.language, uiLocale) },
                  { key: 'count', title: t('messageCenter.field.recipients'), dataIndex: 'count', width: 140 },
                ]}
              />
            </div>
          ) : (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('messageCenter.release.previewStale')}
            </Typography.Paragraph>
          )}
        </div>
        {invalid && <Alert type="error" showIcon title={invalid} style={{ marginTop: 16 }} />}
      </Form>
    </Drawer>
  );
}
