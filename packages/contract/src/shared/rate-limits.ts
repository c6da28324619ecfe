/**
 * Rate limits of the calls anyone can reach (issue 11 §1.4): declared once, here, and named by
 * each call's definition (`rateLimit` in modules/<m>/calls.ts); the server enforces them per source address
 * and, where the call names an account, per account from any address. A limited call is answered
 * 1008 tooFrequent with the seconds to wait ({seconds}).
 */
export interface RateLimit {
  /** Calls allowed in one window from one source address. */
  max: number;
  windowSeconds: number;
  /**
   * Also at most `accountMax` calls in the window for one account, from any address: the field of
   * `data` naming it (an e-mail), compared without case.
   */
  perAccount?: { field: string; max: number };
}

export const RATE_LIMITS = {
  /** Password login: guesses across accounts from one address, and at one account from many. */
  login: { max: 20, windowSeconds: 60, perAccount: { field: 'account', max: 10 } },
  /** Sends mail: a code to an address. */
  emailCode: { max: 10, windowSeconds: 600, perAccount: { field: 'email', max: 5 } },
  /** Proves a code and sets a password. */
  passwordFind: { max: 10, windowSeconds: 600, perAccount: { field: 'email', max: 5 } },
  /** Draws a captcha (CPU). */
  captcha: { max: 30, windowSeconds: 60 },
  /** Whether an account exists. */
  accountCheck: { max: 20, windowSeconds: 60 },
  /** Creates an account or a company (hashes a password). */
  registration: { max: 10, windowSeconds: 600 },
  /** Checks an invitation or registration link (ids and signs could be guessed). */
  invitationCheck: { max: 30, windowSeconds: 60 },
  /** Exchanges a one-time token (single sign-on, remote access) or renews a session. */
  tokenExchange: { max: 30, windowSeconds: 60 },
  /** Branding of the public pages (login, register, claim), read on every page load. */
  publicPage: { max: 120, windowSeconds: 60 },
  /** A signed-in user proving a password or binding an e-mail. */
  credentialCheck: { max: 10, windowSeconds: 60 },
  /** Device registration (device API): whole fleets behind one address, few tries for one SN. */
  deviceRegister: { max: 600, windowSeconds: 60, perAccount: { field: 'sn', max: 10 } },
  /** An end user binding a device with its verification code (guesses at one SN from many addresses). */
  deviceBind: { max: 20, windowSeconds: 60, perAccount: { field: 'sn', max: 10 } },
  /**
   * A chat message (the requester's send, the desk's reply): a person types far slower than this;
   * a script flooding one conversation, or many from one address, is stopped.
   */
  chatSend: { max: 300, windowSeconds: 60, perAccount: { field: 'conversationId', max: 30 } },
  /** "Typing..." (the client sends it at most every few seconds while a person types). */
  chatTyping: { max: 120, windowSeconds: 60, perAccount: { field: 'conversationId', max: 40 } },
  /** An app's report of a failed playback (end-user log): a few per device and minute, one app's retries at most. */
  playbackReport: { max: 60, windowSeconds: 60, perAccount: { field: 'sn', max: 30 } },
  /** A live channel's ticket (a socket's reconnects back off, so a few a minute is plenty). */
  liveTicket: { max: 30, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;
