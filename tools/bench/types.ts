/** The shapes of a benchmark case, apart from the case registry (cases.ts) so case files import them without a cycle. */
import type { Database } from '@portal/server/db/client';
import type { FileStore } from '@portal/server/lib/files';
import type { Log } from '../seed/shared';
import type { Session } from './api';
import type { LoadTarget } from './load';

/** The bench database and file store, open before the server starts (PGlite allows one process at a time). */
export interface BenchDatabase {
  database: Database;
  fileStore: FileStore;
}

export interface BenchContext {
  /** 'http://127.0.0.1:<port>' of the running server. */
  origin: string;
  log: Log;
  /** The server process's id (its memory is read from /proc by cases that measure it). */
  serverPid?: number;
  /** Log in (default: the Bench Partner's owner, bench@demo.local). */
  login(account?: { email: string; password: string }): Promise<Session>;
  /**
   * Starts one more server process on the same database and settings (PostgreSQL only: PGlite
   * allows one process); the case stops it when done.
   */
  startAnotherServer(): Promise<{ origin: string; stop(): Promise<void> }>;
}

export type BenchCase =
  | {
      kind: 'load';
      summary: string;
      /** Also print `bench ratio <case>/baseline=<r>`. */
      ratio?: boolean;
      /**
       * Concurrent clients this case models, when not the run's --connections (a fleet of devices
       * polls from many clients at once; a handful of portal users do not). Its ratio is taken
       * against a baseline measured at the same concurrency.
       */
      connections?: number;
      /**
       * Settings the server must run with for this case (e.g. READ_CACHE=off), over the bench's own:
       * the CLI restarts the server when the next case asks for other settings.
       */
      serverEnv?: Record<string, string>;
      /** Before the server starts: rows the API cannot make quickly (cases run it in registry order). */
      prepareDatabase?(db: BenchDatabase, log: Log): Promise<void>;
      prepare(ctx: BenchContext): Promise<LoadTarget>;
      /** The server must serve the built web app (apps/web/dist): the CLI builds it first when missing. */
      needsWebBuild?: boolean;
      /** After the load: undo what prepare started (e.g. running tasks holding devices). */
      finish?(ctx: BenchContext): Promise<void>;
    }
  | {
      kind: 'oneshot';
      summary: string;
      /** Settings the server must run with for this case, as for a load case. */
      serverEnv?: Record<string, string>;
      prepareDatabase?(db: BenchDatabase, log: Log): Promise<void>;
      /**
       * Runs once; the CLI prints `bench <case> seconds=<n>`: the seconds it answers (the part it
       * measures), else its whole duration.
       */
      run(ctx: BenchContext): Promise<void | { seconds: number }>;
    }
  | {
      /** Runs once and prints its own `bench <case> ...` lines (e.g. one per page measured). */
      kind: 'report';
      summary: string;
      needsWebBuild?: boolean;
      /** Settings the server must run with for this case, as for a load case. */
      serverEnv?: Record<string, string>;
      prepareDatabase?(db: BenchDatabase, log: Log): Promise<void>;
      run(ctx: BenchContext): Promise<string[]>;
    };
