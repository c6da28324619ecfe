import type { MessageAudience } from '@portal/contract';
import type { TFunction } from 'i18next';

export { languageName } from '../../../lib/display-names';

export function audienceSummary(a: MessageAudience, t: TFunction, areaName: (id: number) => string): string {
  switch (a.kind) {
    case 'companyType':
      return t('messageCenter.release.audienceSummary.companyType', {
        list: a.companyTypes.map((c) => t(`messageCenter.release.companyType.${c}`)).join(', '),
      });
    case 'company':
      return t('messageCenter.release.audienceSummary.company', { count: a.companyIds.length });
    case 'area':
      return t('messageCenter.release.audienceSummary.area', { list: a.areaIds.map(areaName).join(', ') });
    case 'users':
      return t('messageCenter.release.audienceSummary.users', { count: a.userIds.length });
    case 'endUsers':
      return t('messageCenter.release.audienceSummary.endUsers', { filter: t(`messageCenter.release.endUserBy.${a.filter.by}`) });
  }
}
