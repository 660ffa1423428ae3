/**
 * Why a model call was stopped before it finished. Every one of these reaches the request as an
 * abort, so the guard remembers which it was in order to give the caller the right error.
 */
export type StopCause = 'idle' | 'total' | 'caller' | 'released' | 'finished';

export interface CallGuardOptions {
  /** Longest silence allowed: before the first chunk and between two chunks. */
  idleMs: number;
  /** Longest the whole call may take, however steadily it streams. */
  totalMs: number;
  /** The caller's signal (the browser went away). */
  signal?: AbortSignal | undefined;
}

/**
 * One AbortController per model call, aborted by whichever comes first: no chunk for `idleMs`,
 * `totalMs` overall, the caller's signal, or `release()` when the caller stops reading. A call
 * can therefore never hang, and a request nobody waits for is closed upstream.
 */
export class CallGuard {
  readonly #controller = new AbortController();
  readonly #options: CallGuardOptions;
  #idleTimer: NodeJS.Timeout | undefined;
  readonly #totalTimer: NodeJS.Timeout;
  readonly #onCallerAbort = () => this.#stop('caller');
  #cause: StopCause | undefined;

  constructor(options: CallGuardOptions) {
    this.#options = options;
    this.#totalTimer = setTimeout(() => this.#stop('total'), options.totalMs);
    this.touch();
    if (options.signal?.aborted) this.#stop('caller');
    else options.signal?.addEventListener('abort', this.#onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get cause(): StopCause | undefined {
    return this.#cause;
  }

  /** Something arrived from the model: restart the idle clock (re-armed in place: this runs per chunk). */
  touch(): void {
    if (this.#cause) return;
    if (this.#idleTimer) this.#idleTimer.refresh();
    else this.#idleTimer = setTimeout(() => this.#stop('idle'), this.#options.idleMs);
  }

  /** The call finished: free the timers; nothing is left to abort. */
  finished(): void {
    if (this.#cause) return;
    this.#cause = 'finished';
    clearTimeout(this.#idleTimer);
    clearTimeout(this.#totalTimer);
    this.#options.signal?.removeEventListener('abort', this.#onCallerAbort);
  }

  /** The call is over (failed, or the reader stopped): free timers, close the request. */
  release(): void {
    this.#stop('released');
  }

  #stop(cause: StopCause): void {
    clearTimeout(this.#idleTimer);
    clearTimeout(this.#totalTimer);
    this.#options.signal?.removeEventListener('abort', this.#onCallerAbort);
    if (this.#cause) return;
    this.#cause = cause;
    this.#controller.abort(new DOMException(`Model call stopped: ${cause}`, 'AbortError'));
  }
}
