import { type AreaNames, type Locale, normalizeLocale } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** An area as answers carry it: its name in every language, and in the language of the call. */
export interface NamedArea {
  displayName: string;
  /** Missing in a session kept from before areas had a name per language. */
  displayNames?: AreaNames;
}

/** The area's name in `locale` (the one the call was made in when the area has none for it). */
export function areaName(area: NamedArea, locale: Locale): string {
  return area.displayNames?.[locale] || area.displayName;
}

/**
 * Area names in the language shown: the component re-renders on a language switch, and the name
 * follows without asking the server again (the session's area list is kept from the login).
 */
export function useAreaName(): (area: NamedArea) => string {
  const { i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language);
  return (area) => areaName(area, locale);
}
