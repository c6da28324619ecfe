/**
 * The monitoring link (SPEC §2, issue 15 §7): the supplier names an external monitoring URL per area
 * (data centre); the menu entry opens the session's area's one, else a built-in page with the
 * portal's own signals: error rates (refused operations, failed app calls), the background jobs'
 * backlog and how far the statistics' rollup lags.
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { areaNamesSchema } from '../../shared/entities';
import type { SharedValidationName } from '../../shared/messages';
import { idSchema, validationKeyOf } from '../../shared/validators';
import type { InsightValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | InsightValidationName>();

export const MONITORING_URL_MAX_LENGTH = 500;

/** An http(s) address of at most 500 characters. */
export const monitoringUrlSchema = z
  .string({ error: vk('monitoringUrlInvalid') })
  .trim()
  .max(MONITORING_URL_MAX_LENGTH, { error: vk('monitoringUrlInvalid') })
  // The host, then a path, query or fragment: no two parts can take the same characters (linear on any input).
  .regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i, { error: vk('monitoringUrlInvalid') });

export const monitoringLinkSchema = z.object({
  areaId: idSchema,
  /** The area's name in the caller's language, and in both (the web shows the one of the language shown). */
  displayName: z.string(),
  displayNames: areaNamesSchema,
  url: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type MonitoringLink = z.infer<typeof monitoringLinkSchema>;

export const monitoringLinksSchema = z.object({
  links: z.array(monitoringLinkSchema),
  /** The session's area's URL, null when it has none (the built-in page is shown). */
  current: z.string().nullable(),
  currentAreaId: z.number().int().nullable(),
  /** Whether the caller may set the links (supplier_system_mgr). */
  canEdit: z.boolean(),
});
export type MonitoringLinks = z.infer<typeof monitoringLinksSchema>;

/** The built-in page looks back this many hours. */
export const MONITORING_WINDOW_HOURS = 24;

export const monitoringHourSchema = z.object({
  /** The hour's start (epoch ms, UTC). */
  hour: z.number(),
  /** Operation-log rows of the hour, and those refused. */
  operations: z.number().int(),
  refused: z.number().int(),
  /** End-user log rows (app-facing calls) of the hour, and those answered with an error code. */
  appCalls: z.number().int(),
  appFailed: z.number().int(),
});

export const monitoringOverviewSchema = z.object({
  /** When the figures were read (epoch ms). */
  at: z.number(),
  /** The last MONITORING_WINDOW_HOURS hours, oldest first. */
  hours: z.array(monitoringHourSchema),
  /** The end-user log's most frequent error codes of the window. */
  appErrorCodes: z.array(z.object({ code: z.number().int(), calls: z.number().int() })),
  /** Background jobs per queue: waiting to run (due), running, failed in the window, the oldest due one. */
  jobs: z.array(
    z.object({
      name: z.string(),
      waiting: z.number().int(),
      active: z.number().int(),
      failed: z.number().int(),
      oldestWaitingAt: z.number().nullable(),
    }),
  ),
  rollup: z.object({
    /** When the rollup last committed (epoch ms), null before its first run. */
    updatedAt: z.number().nullable(),
    /** Seconds since then. */
    lagSeconds: z.number().nullable(),
    /** Device events written since the rollup's watermark (not in the statistics yet). */
    pendingEvents: z.number().int(),
  }),
});
export type MonitoringOverview = z.infer<typeof monitoringOverviewSchema>;

const monitoringRead = { anyOf: ['supplier_system_qry', 'supplier_system_mgr'], supplierOnly: true } as const;

export const monitoringCalls = {
  links: defineCall({
    path: 'insight/monitoring/links',
    auth: monitoringRead,
    write: false,
    summary: "The external monitoring URL of each area (supplier only), and the session's area's.",
    data: z.strictObject({}),
    result: monitoringLinksSchema,
  }),
  linkSet: defineCall({
    path: 'insight/monitoring/link/set',
    auth: { anyOf: ['supplier_system_mgr'], supplierOnly: true },
    write: true,
    summary: "Sets (a URL) or clears (null) an area's external monitoring URL (supplier only); an unknown area answers 1004.",
    data: z.strictObject({ areaId: idSchema, url: monitoringUrlSchema.nullable() }),
    result: monitoringLinkSchema,
  }),
  overview: defineCall({
    path: 'insight/monitoring/overview',
    auth: monitoringRead,
    write: false,
    summary:
      'The built-in monitoring page (supplier only): refused operations and failed app calls per hour over the last 24 hours, the background jobs’ backlog and the rollup’s lag.',
    data: z.strictObject({}),
    result: monitoringOverviewSchema,
  }),
};
