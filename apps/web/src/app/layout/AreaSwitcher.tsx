import { EnvironmentOutlined } from '../../components/icons';
import { authCalls } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Select, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api/client';
import { useAreaName } from '../../lib/areas';
import { hideLoading, showLoading } from '../../lib/loading';
import { notify } from '../../lib/notify';
import { currentAreaOf } from '../../lib/roles';
import { updateSessionUser, useSessionUser } from '../../lib/session/session-store';

/** The session's current area (RDC or a DC); switching reloads area-scoped data. */
export function AreaSwitcher() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const areaName = useAreaName();
  const queryClient = useQueryClient();
  const switchArea = useMutation({
    mutationFn: (areaId: number) => call(authCalls.switchArea, { areaId }),
    onMutate: () => showLoading('layout.switchingArea'),
    onSuccess: async (next) => {
      updateSessionUser(next);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'branding' });
      const area = currentAreaOf(next);
      notify('success', 'area-switched', t('layout.areaSwitched', { area: area ? areaName(area) : '' }));
    },
    onSettled: () => hideLoading(),
  });
  if (!user) return null;
  const current = currentAreaOf(user);
  if (user.areaList.length <= 1) {
    return current ? (
      <Tag icon={<EnvironmentOutlined />} className="portal-header-tag" data-testid="current-area">
        {areaName(current)}
      </Tag>
    ) : null;
  }
  return (
    <Tooltip title={t('layout.currentArea')} placement="bottom">
      <Select
        aria-label={t('layout.currentArea')}
        data-testid="area-switcher"
        size="middle"
        value={user.currentArea}
        loading={switchArea.isPending}
        disabled={switchArea.isPending}
        onChange={(id: number) => switchArea.mutate(id)}
        popupMatchSelectWidth={false}
        style={{ minWidth: 160 }}
        prefix={<EnvironmentOutlined />}
        options={user.areaList.map((a) => ({
          value: a.id,
          label: (
            <Space size={6}>
              <span>{areaName(a)}</span>
              <Tag color={a.kind === 'RDC' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
                {a.kind}
              </Tag>
            </Space>
          ),
        }))}
      />
    </Tooltip>
  );
}
