import { ArrowLeftOutlined, SendOutlined } from '../../../components/icons';
import { CANARY_WAVES, DEFAULT_GATES, upgradeCalls } from '@portal/contract';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Result, Row, Space, Steps, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../lib/api/client';
import { formatDateTime } from '../../../lib/format';
import { useRevalidateOnLocaleChange } from '../../../lib/form/zod-rules';
import { currentLocale } from '../../../lib/i18n';
import { useOwnPageTitle } from '../../../lib/navigation/page-title';
import { notify } from '../../../lib/notify';
import { useAppConfig, usePackage, useSubmitReleases, useUpgradeAbilities } from '../api/upgrade-api';
import { PackageStep } from '../components/release/PackageStep';
import { type PreviewRow, PreviewStep } from '../components/release/PreviewStep';
import { ScheduleStep } from '../components/release/ScheduleStep';
import { TargetsStep } from '../components/release/TargetsStep';
import { useAreaNames } from '../components/TasksPanel';
import { countryName, splitList } from '../lib/display';
import { useReleaseAreas } from '../lib/viewer';
import { DEFAULT_GRAY_COUNT, type ReleaseFormValues, buildTargets, buildTasks, parseMacRanges } from '../lib/release-form';

const INDEX_PATH = '/layout/cloudUpgrade/cloudUpgradeIndex';
/** Fields each step validates before the next one opens. */
const STEP_FIELDS: (string | (string | number)[])[][] = [
  ['pkgId', 'releaseType'],
  ['areaIds', 'countries', 'grayCount', 'speed', 'snText', 'macRanges', 'targetFileId'],
  ['window', ['gates', 'successThreshold'], ['gates', 'errorThreshold'], ['gates', 'minDevices'], ['gates', 'reportTimeoutMinutes']],
];

function defaultWindow(): [dayjs.Dayjs, dayjs.Dayjs] {
  // Starts at once unless the user picks a later time.
  const start = dayjs().startOf('minute');
  return [start, start.add(14, 'day')];
}

/**
 * The release wizard (?pkgId= preselects a package, ?type=full|gray|specified the type): package and
 * type, targets, time window and gates, then the preview of what each task would reach, then batch submit.
 */
export default function CanaryReleasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const abilities = useUpgradeAbilities();
  const releaseAreas = useReleaseAreas();
  const [form] = Form.useForm<ReleaseFormValues>();
  useRevalidateOnLocaleChange(form);
  const config = useAppConfig();
  const submit = useSubmitReleases();
  const areaNames = useAreaNames();
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<{ loading: boolean; rows: PreviewRow[] }>({ loading: false, rows: [] });
  const previewRun = useRef(0);
  const initialPkg = Number(params.get('pkgId')) || undefined;
  const typeParam = params.get('type');
  const pkgId = Form.useWatch('pkgId', form);
  const pkg = usePackage(pkgId ?? null, { poll: false }).data;
  const values = Form.useWatch([], form) as ReleaseFormValues | undefined;
  const releaseType = Form.useWatch('releaseType', form) ?? (typeParam === 'full' || typeParam === 'specified' ? typeParam : 'gray');
  // The page is named after the release it creates (full, gray, specified devices).
  useOwnPageTitle(t(`upgrade.wizard.title.${releaseType}`));

  // Gates default to the platform's configuration once it is known (unless the user changed them).
  useEffect(() => {
    if (
      config.data &&
      !form.isFieldsTouched([
        ['gates', 'successThreshold'],
        ['gates', 'errorThreshold'],
        ['gates', 'minDevices'],
        ['gates', 'reportTimeoutMinutes'],
      ])
    ) {
      form.setFieldValue('gates', config.data.defaultGates);
    }
  }, [config.data, form]);

  // A test package goes only to specified devices.
  useEffect(() => {
    if (pkg?.isTest && form.getFieldValue('releaseType') !== 'specified') form.setFieldValue('releaseType', 'specified');
  }, [pkg, form]);

  const labelOf = (v: ReleaseFormValues, areaIds: number[]) => {
    if (v.releaseType === 'specified') {
      const parts = [
        splitList(v.snText).length ? t('upgrade.preview.snCount', { count: splitList(v.snText).length }) : null,
        parseMacRanges(v.macRanges).length ? t('upgrade.preview.rangeCount', { count: parseMacRanges(v.macRanges).length }) : null,
        v.targetFileId ? t('upgrade.preview.file') : null,
      ].filter(Boolean);
      return parts.join(' · ') || t('upgrade.releaseType.specified');
    }
    return areaNames(areaIds).join(', ');
  };

  const runPreview = async () => {
    const v = form.getFieldsValue(true) as ReleaseFormValues;
    const targets = buildTargets(v);
    const run = ++previewRun.current;
    const rows: PreviewRow[] = targets.map((target, i) => ({
      key: String(i),
      label: labelOf(v, target.areaIds ?? []),
      preview: null,
      grayWaves:
        target.releaseType === 'gray' && target.speed
          ? (config.data?.canary[target.speed] ?? CANARY_WAVES[target.speed]).shares.length
          : undefined,
    }));
    setPreview({ loading: true, rows });
    const results = await Promise.all(targets.map((target) => call(upgradeCalls.taskPreview, target).catch(() => null)));
    if (run !== previewRun.current) return;
    setPreview({ loading: false, rows: rows.map((r, i) => ({ ...r, preview: results[i] ?? null })) });
  };

  const next = async () => {
    try {
      // recursive: the rows of a list (each MAC range's start and end) are validated too, so an
      // invalid range stops the step instead of reaching the server.
      await form.validateFields(STEP_FIELDS[step], { recursive: true });
    } catch {
      return;
    }
    const to = step + 1;
    setStep(to);
    if (to === 3) void runPreview();
  };

  const send = async () => {
    try {
      await form.validateFields(STEP_FIELDS.flat(), { recursive: true });
    } catch {
      setStep(STEP_FIELDS.findIndex((fields) => fields.some((f) => form.getFieldError(f as never).length > 0)));
      return;
    }
    const tasks = buildTasks(form.getFieldsValue(true) as ReleaseFormValues);
    try {
      const { taskIds } = await submit.mutateAsync({ tasks });
      notify(
        'success',
        'release-submit',
        t('upgrade.wizard.submitted', { count: taskIds.length, ids: taskIds.map((id) => `#${id}`).join(', ') }),
      );
      void navigate(`${INDEX_PATH}?tab=tasks`);
    } catch {
      /* shown by the API client */
    }
  };

  // The wizard is for a caller the server lets start a release (its answer, not the session's codes).
  if (abilities.isSuccess && !abilities.can('release')) {
    return (
      <Card variant="borderless" className="portal-card">
        <Result
          status="403"
          title={t('upgrade.wizard.noPermission')}
          extra={<Button onClick={() => void navigate(INDEX_PATH)}>{t('upgrade.backToList')}</Button>}
        />
      </Card>
    );
  }

  const v = values ?? (form.getFieldsValue(true) as ReleaseFormValues);
  const targetsCount = v?.pkgId ? buildTargets({ ...v, areaIds: v.areaIds ?? [] }).length : 0;
  const locale = currentLocale();

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={17}>
        <Card variant="borderless" className="portal-card">
          <Steps
            current={step}
            onChange={(s) => s < step && setStep(s)}
            style={{ marginBottom: 24 }}
            items={[
              { title: t('upgrade.wizard.stepPackage') },
              { title: t('upgrade.wizard.stepTargets') },
              { title: t('upgrade.wizard.stepSchedule') },
              { title: t('upgrade.wizard.stepPreview') },
            ]}
          />
          <Form<ReleaseFormValues>
            form={form}
            layout="vertical"
            noValidate
            data-testid="release-form"
            initialValues={{
              pkgId: initialPkg,
              releaseType: typeParam === 'full' || typeParam === 'specified' ? typeParam : 'gray',
              // From a DC only that DC can be targeted: it is chosen already.
              areaIds: releaseAreas.restricted && releaseAreas.currentArea ? [releaseAreas.currentArea.id] : [],
              splitByRegion: false,
              countries: [],
              grayCount: DEFAULT_GRAY_COUNT,
              speed: 'normal',
              snText: '',
              macRanges: [],
              targetFileId: null,
              window: defaultWindow(),
              gates: DEFAULT_GATES,
            }}
          >
            {/* Every step stays mounted (hidden when not current) so its values and rules stay in the form. */}
            <div hidden={step !== 0}>
              <PackageStep />
            </div>
            <div hidden={step !== 1}>
              <TargetsStep />
            </div>
            <div hidden={step !== 2}>
              <ScheduleStep />
            </div>
          </Form>
          {step === 3 && <PreviewStep rows={preview.rows} loading={preview.loading} onRefresh={() => void runPreview()} />}
          <Flex justify="space-between" style={{ marginTop: 24 }}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => (step === 0 ? void navigate(INDEX_PATH) : setStep(step - 1))}>
              {step === 0 ? t('upgrade.backToList') : t('upgrade.wizard.previous')}
            </Button>
            {step < 3 ? (
              <Button type="primary" onClick={() => void next()} data-testid="wizard-next">
                {step === 2 ? t('upgrade.wizard.toPreview') : t('upgrade.wizard.next')}
              </Button>
            ) : (
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={submit.isPending}
                disabled={preview.loading || preview.rows.some((r) => !r.preview)}
                onClick={() => void send()}
                data-testid="wizard-submit"
              >
                {targetsCount > 1 ? t('upgrade.wizard.submitBatch', { count: targetsCount }) : t('upgrade.wizard.submit')}
              </Button>
            )}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} xl={7}>
        <Card variant="borderless" className="portal-card" title={t('upgrade.wizard.summary')} size="small">
          <Descriptions column={1} size="small" data-testid="release-summary">
            <Descriptions.Item label={t('upgrade.wizard.package')}>
              {pkg ? `${pkg.versionName} (${t(`upgrade.productType.${pkg.productType}`)})` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrade.wizard.releaseType')}>
              {v?.releaseType ? t(`upgrade.releaseType.${v.releaseType}`) : '-'}
            </Descriptions.Item>
            {v?.releaseType !== 'specified' && (
              <>
                <Descriptions.Item label={t('upgrade.wizard.regions')}>
                  {v?.areaIds?.length ? areaNames(v.areaIds).join(', ') : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('upgrade.wizard.countries')}>
                  {v?.countries?.length ? v.countries.map((c) => countryName(c, locale)).join(', ') : t('upgrade.wizard.allCountries')}
                </Descriptions.Item>
              </>
            )}
            {v?.releaseType === 'gray' && (
              <Descriptions.Item label={t('upgrade.wizard.grayCount')}>
                {v.grayCount ?? '-'} · {v.speed ? t(`upgrade.speed.${v.speed}`) : '-'}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('upgrade.wizard.window')}>
              {v?.window?.[0] && v.window[1] ? `${formatDateTime(v.window[0].valueOf())} – ${formatDateTime(v.window[1].valueOf())}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('upgrade.wizard.tasksToCreate')}>{targetsCount || '-'}</Descriptions.Item>
          </Descriptions>
          <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('upgrade.wizard.sideHint')} />
        </Card>
        <Space />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
          {t('upgrade.wizard.breakpointHint')}
        </Typography.Paragraph>
      </Col>
    </Row>
  );
}
