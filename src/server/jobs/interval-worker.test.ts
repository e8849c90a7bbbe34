import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIntervalWorker } from './interval-worker';

function fakeLog() {
  const info = vi.fn();
  const error = vi.fn();
  const child = vi.fn();
  const log = { info, error, child } as unknown as FastifyBaseLogger;
  child.mockReturnValue(log);
  return { log, info, error, child };
}

describe('startIntervalWorker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one pass at a time, logs only passes that did work, and logs a failed pass without throwing', async () => {
    const { log, info, error, child } = fakeLog();
    let release: (() => void) | null = null;
    const results = [1, 0];
    const pass = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      const next = results.shift();
      if (next === undefined) throw new Error('boom');
      return next;
    });
    const worker = startIntervalWorker({ name: 'test worker', log, intervalMs: 100, pass, didWork: (n) => n > 0 });
    await vi.advanceTimersByTimeAsync(350);
    expect(pass).toHaveBeenCalledTimes(1); // the later ticks found the first pass still running
    release!();
    await vi.advanceTimersByTimeAsync(100);
    expect(info).toHaveBeenCalledWith(1, 'test worker');
    release!();
    await vi.advanceTimersByTimeAsync(100);
    expect(info).toHaveBeenCalledTimes(1); // a pass that did nothing is not logged
    release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test worker pass failed');
    // Each pass logs through a child logger with the job's name and an id of its own.
    const ids = child.mock.calls.map(([bindings]) => (bindings as { job: string; reqId: string }).reqId);
    expect(child).toHaveBeenCalledWith({ job: 'test worker', reqId: expect.stringMatching(/^job-[0-9a-f-]{36}$/) });
    expect(new Set(ids).size).toBe(ids.length);
    await worker.stop();
  });

  it('stop() waits for the running pass and no pass starts after it', async () => {
    const { log } = fakeLog();
    let release: (() => void) | null = null;
    let finished = false;
    const pass = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
      return 0;
    });
    const worker = startIntervalWorker({ name: 'w', log, intervalMs: 100, pass, didWork: () => false });
    await vi.advanceTimersByTimeAsync(100);
    const stopping = worker.stop();
    release!();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(1);
  });
});
