import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoaded } from './useLoaded';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

// `read` is made once per test: a new function each render would read again on every render.
describe('useLoaded', () => {
  it('loads, then shows the answer', async () => {
    const read = async () => 7;
    const { result } = renderHook(() => useLoaded(read));
    expect(result.current[0].status).toBe('loading');
    await waitFor(() => expect(result.current[0]).toEqual({ data: 7, status: 'ready' }));
  });

  it('keeps the last answer on a failure and says why', async () => {
    let fail = false;
    const read = async () => {
      if (fail) throw new Error('服务器繁忙');
      return 'first';
    };
    const { result } = renderHook(() => useLoaded(read));
    await waitFor(() => expect(result.current[0].status).toBe('ready'));
    fail = true;
    await act(() => result.current[1]());
    expect(result.current[0]).toEqual({ data: 'first', status: 'error', error: '服务器繁忙' });
  });

  it('lets a newer read win over an older one that answers later', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const read = () => answers[call++]!.promise;
    const { result } = renderHook(() => useLoaded(read));
    let second!: Promise<void>;
    act(() => {
      second = result.current[1]();
    });
    answers[1]!.resolve('newer');
    await act(() => second);
    answers[0]!.resolve('older');
    await act(async () => answers[0]!.promise);
    expect(result.current[0]).toEqual({ data: 'newer', status: 'ready' });
  });
});
