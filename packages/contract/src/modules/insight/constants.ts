import { POLL_INTERVAL_SECONDS, POLL_JITTER } from '../cloud-upgrade';
import type { ResourceCode } from '../../shared/resource-codes';

/**
 * A device is online when it was seen within two poll intervals plus their jitter (issue 15 §1):
 * one missed poll is not an outage, two are.
 */
export function onlineWindowSeconds(pollIntervalSeconds: number = POLL_INTERVAL_SECONDS): number {
  return Math.ceil(2 * pollIntervalSeconds * (1 + POLL_JITTER));
}

/** The online window at the default poll interval (720 s). */
export const ONLINE_WINDOW_SECONDS = onlineWindowSeconds(POLL_INTERVAL_SECONDS);

/** The fleet is sampled (devices, online) every 5 minutes. */
export const FLEET_SAMPLE_MINUTES = 5;

/** A device that went offline this many times in 24 h is flapping (the health list's flag). */
export const FLAPPING_OFFLINES_PER_DAY = 3;

/**
 * Every statistics and diagnostics read (statistics, device health, Home's summary) is cancelled
 * after this long (SPEC §9: 15 s drawing threshold) and answers statsTimeout instead of a figure.
 */
export const STATS_STATEMENT_TIMEOUT_MS = 15_000;

/** A secret field (password, key, token, sign, code) in an operation-log row: only that it changed. */
export const AUDIT_SECRET_CHANGED = '(changed)';

/** The operation log's search counts exactly up to this many rows, then answers "10,000+". */
export const OPLOG_TOTAL_CAP = 10_000;

/** Outcomes of a logged operation. */
export const OPLOG_RESULTS = ['success', 'refused'] as const;

/** The codes behind Home's summary cards: home/summary answers a group's cards only to a holder of one of its codes. */
export const HOME_CARD_CODES = {
  devices: ['dealer_device_qry', 'dealer_device_mgr'],
  upgrade: ['dealer_upgrade_qry', 'dealer_upgrade_mgr'],
  accounts: ['dealer_account_qry', 'dealer_account_mgr'],
  /** Storage plan sales (the Overview's sales card too). */
  sales: ['dealer_storage_qry', 'dealer_storage_mgr'],
} as const satisfies Record<string, readonly ResourceCode[]>;

/**
 * How many cards home/summary answers to a holder of `codes`: devices and activations (device
 * codes), tasks and upgrade success (upgrade codes), attention (either), registrations and locked
 * users (account codes), sales (storage codes). Home keeps their room while the figures load, so nothing below moves.
 */
export function homeCardCount(codes: readonly string[]): number {
  const has = (group: keyof typeof HOME_CARD_CODES) => HOME_CARD_CODES[group].some((c) => codes.includes(c));
  const devices = has('devices');
  const upgrade = has('upgrade');
  return (devices ? 2 : 0) + (upgrade ? 2 : 0) + (devices || upgrade ? 1 : 0) + (has('accounts') ? 2 : 0) + (has('sales') ? 1 : 0);
}

/** What a device's history records (append-only device_events, issue 15 §1). */
export const DEVICE_EVENT_KINDS = [
  'activation',
  'online',
  'offline',
  'version_change',
  'upgrade_success',
  'upgrade_failed',
  'bound',
  'unbound',
  'log_uploaded',
] as const;

/** A device's history answers at most this many events, newest first. */
export const DEVICE_HISTORY_LIMIT = 100;
