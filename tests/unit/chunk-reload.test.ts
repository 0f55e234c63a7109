import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceAfterChunkFailure } from '../../client/lib/chunk-reload';

const MINUTE = 60_000;

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('reloadOnceAfterChunkFailure', () => {
  it('reloads the page on the first chunk failure', () => {
    const reload = vi.fn();
    expect(reloadOnceAfterChunkFailure(new Error('chunk'), 1_000_000, memoryStorage(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within a minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnceAfterChunkFailure('a', 1_000_000, storage, reload);
    expect(reloadOnceAfterChunkFailure('b', 1_000_000 + MINUTE - 1, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once a minute has passed', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnceAfterChunkFailure('a', 1_000_000, storage, reload);
    expect(reloadOnceAfterChunkFailure('b', 1_000_000 + MINUTE, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('remembers the last reload across page loads (in storage)', () => {
    const reload = vi.fn();
    const storage = memoryStorage({ 'chunk-reload-at': String(5_000_000) });
    expect(reloadOnceAfterChunkFailure('a', 5_000_000 + 30_000, storage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('still reloads once when storage is unavailable', () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(reloadOnceAfterChunkFailure('a', 1_000_000, broken, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('logs the failure as a warning', () => {
    const error = new Error('Failed to fetch dynamically imported module');
    reloadOnceAfterChunkFailure(error, 1_000_000, memoryStorage(), () => {});
    expect(console.warn).toHaveBeenCalledWith(expect.any(String), error);
  });
});
