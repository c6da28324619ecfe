/** Calls of the monitoring link (monitoring.service.ts), the supplier's alone. */
import { monitoringCalls } from '@portal/contract';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { monitoringLinks, monitoringOverview, setMonitoringLink } from './monitoring.service';

const platformWide = 'the platform-wide monitoring of the supplier (supplierOnly): areas and signals belong to no tenant';

export const monitoringImpls: CallImpl[] = [
  implement(monitoringCalls.links, { none: platformWide }, (ctx) => monitoringLinks(ctx)),
  implement(monitoringCalls.linkSet, { none: platformWide }, (ctx, d) => setMonitoringLink(ctx, d)),
  implement(monitoringCalls.overview, { none: platformWide }, (ctx) => monitoringOverview(ctx)),
];
