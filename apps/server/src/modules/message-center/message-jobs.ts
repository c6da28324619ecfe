/** The names of the message centre's pg-boss jobs (fanout.ts, push.service.ts, jobs.ts). */
export const MESSAGE_JOBS = {
  fanout: { name: 'message.fanout' },
  release: { name: 'message.release-scheduled' },
  sweep: { name: 'message.sweep', cron: '* * * * *' },
  /** Sends due pushes (push.service.ts); queued after a fan-out page or withdraw, and by the sweep (retries). */
  push: { name: 'message.push' },
} as const;
