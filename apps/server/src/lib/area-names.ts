import type { Area, AreaNames, Locale } from '@portal/contract';
import { areas } from '../db/schema';

type AreaRow = typeof areas.$inferSelect;

/**
 * An area (data centre) has a name per language: `display_name` (en-US) and `display_name_zh_cn`.
 * Answers carry both (the web shows the one of its language, also after a switch) and
 * `displayName` in the caller's language; a name put into a text (a message, a statistic) is the
 * caller's.
 */
export function areaNameColumn(locale: Locale) {
  return locale === 'zh-CN' ? areas.displayNameZhCn : areas.displayName;
}

export function areaNames(a: Pick<AreaRow, 'displayName' | 'displayNameZhCn'>): AreaNames {
  return { 'en-US': a.displayName, 'zh-CN': a.displayNameZhCn };
}

/** The name of an area in `locale`. */
export function areaName(a: Pick<AreaRow, 'displayName' | 'displayNameZhCn'>, locale: Locale): string {
  return areaNames(a)[locale];
}

/** An area as the contract shows it (SPEC §3 areaList items). */
export function presentArea(a: AreaRow, locale: Locale): Area {
  return {
    id: a.id,
    name: a.name,
    displayName: areaName(a, locale),
    displayNames: areaNames(a),
    kind: a.kind as Area['kind'],
    resVals: a.resVals,
    ip: a.ip,
  };
}
