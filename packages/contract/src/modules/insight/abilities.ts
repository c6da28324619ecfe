/**
 * The insight screens' own actions for the caller (server policy, insight/abilities): read and
 * export device logs, and verify the operation log's hash chain. The web shows those actions only
 * when answered; a device's own log actions come with its log list (deviceLogListSchema.actions).
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';

export const INSIGHT_ACTIONS = ['readDeviceLogs', 'exportDeviceLogs', 'verifyAuditChain'] as const;
export const insightActionSchema = z.enum(INSIGHT_ACTIONS);
export type InsightAction = z.infer<typeof insightActionSchema>;

export const insightAbilityCalls = {
  abilities: defineCall({
    path: 'insight/abilities',
    auth: 'session',
    write: false,
    summary: "The caller's insight actions: read and export device logs, verify the operation log's hash chain.",
    data: z.strictObject({}),
    result: z.object({ actions: z.array(insightActionSchema) }),
  }),
};
