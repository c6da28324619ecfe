import type { MessageAudience } from '@portal/contract';
import type { TFunction } from 'i18next';

/** A language's name in the language shown (Intl), e.g. de-DE -> "German (Germany)". */
export function languageName(code: string, uiLocale: string): string {
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

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
