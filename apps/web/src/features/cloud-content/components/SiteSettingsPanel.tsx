import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useContentAbilities, useSaveSite, useSite } from '../api/content-api';

/** The site's name, address (/site/<slug>/) and its own domains (served at their root). */
export function SiteSettingsPanel() {
  const { t } = useTranslation();
  const { data } = useSite();
  const can = useContentAbilities().can('editSite');
  const save = useSaveSite();
  const [form] = Form.useForm<{ name: string; slug: string; domains: string[] }>();
  useEffect(() => {
    if (data?.site) form.setFieldsValue({ name: data.site.name, slug: data.site.slug, domains: data.site.domains });
  }, [data, form]);
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      disabled={!can}
      onFinish={(v) =>
        void save
          .mutateAsync(v)
          .then(() => notify('success', 'content-site', t('content.saved')))
          .catch(() => undefined)
      }
    >
      <Form.Item name="name" label={t('content.siteName')} rules={[{ required: true, message: t('content.required') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="slug"
        label={t('content.siteSlug')}
        extra={t('content.siteSlugHint')}
        rules={[{ required: true, pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: t('content.slugRule') }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="domains" label={t('content.siteDomains')} extra={t('content.siteDomainsHint')}>
        <Select mode="tags" open={false} suffixIcon={null} aria-label={t('content.siteDomains')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('content.save')}
      </Button>
    </Form>
  );
}
