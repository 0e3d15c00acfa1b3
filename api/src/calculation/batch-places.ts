/**
 * Who may have a batch worked out in this process now. A batch holds its place from before its body is read until
 * its last line is written or it is given up, so a caller who uploads or reads slowly holds only its own place:
 *
 * - at most `total` batches at once in the process;
 * - callers without an API key share at most `anonymous` of them, so the rest are always kept for key holders;
 * - one batch at a time from one source address (without a key) and one at a time per key.
 */
export interface BatchPlaceLimits {
  total: number;
  anonymous: number;
  perAddress: number;
  perKey: number;
}

export const BATCH_PLACE_LIMITS: BatchPlaceLimits = { total: 4, anonymous: 2, perAddress: 1, perKey: 1 };

/** Who is asking: a key's id, or, without one, the source address (sourceAddressOf: an IPv6 address per /64). */
export type BatchCaller = { keyId: string } | { address: string };

export type PlaceRefusal = 'own-batch-running' | 'busy';

export interface BatchPlace {
  /** Gives the place back; a second call does nothing. */
  release(): void;
}

export class BatchPlaces {
  private readonly held = new Map<string, number>();
  private running = 0;
  private anonymousRunning = 0;

  constructor(private readonly limits: BatchPlaceLimits = BATCH_PLACE_LIMITS) {}

  get size(): number {
    return this.running;
  }

  /** A place for the caller, or why there is none: its own batch is still running, or the process is full. */
  take(caller: BatchCaller): BatchPlace | PlaceRefusal {
    const anonymous = 'address' in caller;
    const who = anonymous ? `address:${caller.address}` : `key:${caller.keyId}`;
    if ((this.held.get(who) ?? 0) >= (anonymous ? this.limits.perAddress : this.limits.perKey)) return 'own-batch-running';
    if (this.running >= this.limits.total || (anonymous && this.anonymousRunning >= this.limits.anonymous)) return 'busy';
    this.held.set(who, (this.held.get(who) ?? 0) + 1);
    this.running += 1;
    if (anonymous) this.anonymousRunning += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = this.held.get(who)! - 1;
        if (left === 0) this.held.delete(who);
        else this.held.set(who, left);
        this.running -= 1;
        if (anonymous) this.anonymousRunning -= 1;
      },
    };
  }
}
