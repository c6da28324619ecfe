import { type Locale, validationMessage } from '@portal/contract';

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** A zod issue list as one localized line: "email: The e-mail format is invalid; ...". */
export function localizeIssues(issues: readonly Issue[], locale: Locale): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const where = i.path.map(String).join('.');
      const msg = validationMessage(i.message, locale);
      return where ? `${where}: ${msg}` : msg;
    })
    .join('; ');
}
