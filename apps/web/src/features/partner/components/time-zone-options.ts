/** The reporting time zones (contract reportingTimeZones) as Select options: "(UTC+08:00) Asia/Shanghai". */
import { reportingTimeZones } from '@portal/contract';

/** The zone's UTC offset now, as "UTC+08:00" ("UTC" for none). */
export function utcOffsetLabel(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return !part || part === 'GMT' ? 'UTC' : part.replace('GMT', 'UTC');
  } catch {
    return 'UTC';
  }
}

/** Every zone of the list (and `current` if the list lacks it), labelled with its offset now. */
export function timeZoneOptions(current?: string, at: Date = new Date()): { value: string; label: string }[] {
  const zones = reportingTimeZones();
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((zone) => ({ value: zone, label: `(${utcOffsetLabel(zone, at)}) ${zone}` }));
}
