import { useEffect, type ComponentType } from 'react';
import { mayHaveSession } from './supabase';

export interface LazyComponent<Props extends object = object> {
  (props: Props): React.JSX.Element;
  /** Loads the component's chunk; once it has loaded, the component renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * A component in its own chunk, like React.lazy, plus `preload()`. React.lazy suspends on its
 * first render even when its chunk is already there; a suspense fallback shown holds every
 * later reveal back until 300 ms after it (React's throttle). app/start.tsx preloads the page it
 * hydrates (a page that suspends while hydrating is re-rendered from scratch and its prerendered
 * HTML flashes to a spinner); `usePreloadForSession` loads a signed-in view's code early.
 */
export function lazyComponent<Props extends object = object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyComponent<Props> {
  let Component: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  /** The load a render waits on; when it fails, the error boundary shows the error. */
  let rendering: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        Component = module.default;
        return Component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Lazy(props: Props) {
    if (Component) return <Component {...props} />;
    // A render that failed stays failed (rendering never fetches a failing chunk in a loop).
    if (failure) throw failure.error;
    // Suspends as React.lazy does (it throws its pending import the same way).
    throw (rendering ??= start().then(
      () => {},
      (error: unknown) => {
        failure = { error };
        rendering = undefined;
      },
    ));
  }
  // An explicit preload is a fresh try: a failed one leaves the next render to load again.
  const preload = () => {
    failure = undefined;
    return start();
  };
  return Object.assign(Lazy, { preload });
}

/**
 * While a stored session is being restored, loads the code that the signed-in view will show:
 * it is there when the session is, and the view shows without a spinner first (after one,
 * React holds every reveal back for 300 ms).
 */
export function usePreloadForSession(component: Pick<LazyComponent, 'preload'>): void {
  useEffect(() => {
    if (mayHaveSession()) void component.preload().catch(() => {});
  }, [component]);
}
