import { useEffect, useState } from 'react';
import type { LazyModule } from './lazy-module';

export type LazyModuleState<T> =
  { status: 'loading' } | { status: 'loaded'; module: T } | { status: 'failed'; error: unknown };

/**
 * Loads a lazy module when the component mounts and tells how it went; `retry()` fetches again.
 * Unlike `React.lazy`, a failure is not kept for good and throws into no error boundary.
 * `failed`, the error of an earlier attempt, starts it in the failed state.
 */
export function useLazyModule<T>(lazy: LazyModule<T>, failed?: unknown) {
  const [attempt, setAttempt] = useState(failed ? 0 : 1);
  const [state, setState] = useState<LazyModuleState<T>>(() => {
    if (lazy.loaded !== undefined) return { status: 'loaded', module: lazy.loaded };
    return failed ? { status: 'failed', error: failed } : { status: 'loading' };
  });

  const settled = state.status === 'loaded';
  useEffect(() => {
    if (attempt === 0 || settled) return;
    let current = true;
    lazy.load().then(
      (module) => current && setState({ status: 'loaded', module }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [lazy, attempt, settled]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { ...state, retry };
}
