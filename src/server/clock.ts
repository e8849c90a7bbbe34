/** The time source. Tests pass a clock they can move; production uses the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that can be moved forward (never back): the ManualClock of the API tests and the
 * OffsetClock of development and the browser tests, moved by POST /api/dev/clock
 * (src/server/modules/dev/clock-routes.ts). Production never has one.
 */
export interface AdjustableClock extends Clock {
  /** Moves the clock forward by `ms` (a positive whole number of milliseconds). */
  advance(ms: number): void;
  /** How far this clock has been moved forward in total, in milliseconds. */
  offsetMs(): number;
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function' && typeof (clock as Partial<AdjustableClock>).offsetMs === 'function';
}

function assertForward(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError(`A clock only moves forward by a positive whole number of milliseconds (got ${ms})`);
}

/**
 * A clock the API tests move; it stands still otherwise. (A test may also move it back to where it
 * was, so this one accepts any whole number; POST /api/dev/clock only ever moves forward.)
 */
export class ManualClock implements AdjustableClock {
  private current: number;
  private advanced = 0;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms)) throw new RangeError(`A clock moves by a whole number of milliseconds (got ${ms})`);
    this.current += ms;
    this.advanced += ms;
  }
  offsetMs(): number {
    return this.advanced;
  }
}

/**
 * The system time plus an offset that only grows: the clock of development and the browser tests
 * (config.devTools, never production). Time runs as usual and can be moved forward, so a test
 * jumps over the minute between codes or a payout's settling time instead of sleeping through it.
 */
export class OffsetClock implements AdjustableClock {
  private offset = 0;
  constructor(private readonly system: Clock = systemClock) {}
  now(): Date {
    return new Date(this.system.now().getTime() + this.offset);
  }
  advance(ms: number): void {
    assertForward(ms);
    this.offset += ms;
  }
  offsetMs(): number {
    return this.offset;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
