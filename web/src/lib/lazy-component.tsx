import { useEffect, useState, type ComponentType } from 'react';
import { useAuth } from './auth';
import { mayHaveSession } from './supabase';

export interface LazyComponent<Props extends object = object> {
  (props: Props): React.JSX.Element;
  /** Loads the component's chunk; once it has loaded, the component renders without suspending. */
  preload(): Promise<unknown>;
  /** Whether the chunk has loaded: the component renders without suspending. */
  isLoaded(): boolean;
}

/**
 * A component in its own chunk, like React.lazy, plus `preload()`. React.lazy suspends on its
 * first render even when its chunk is already there; a suspense fallback shown holds every
 * later reveal back until 300 ms after it (React's throttle). app/start.tsx preloads the page it
 * hydrates (a page that suspends while hydrating is re-rendered from scratch and its prerendered
 * HTML flashes to a spinner); `useSignedInViewCode` loads a signed-in view's code early.
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
  return Object.assign(Lazy, { preload, isLoaded: () => Component !== undefined });
}

/**
 * Whether `component`'s code is there (or failed to load: its render shows the error); loads it
 * once `wanted`. Rendering it only then shows no suspense fallback: after one, React holds every
 * reveal back for 300 ms.
 */
export function useComponentCode(
  component: Pick<LazyComponent, 'preload' | 'isLoaded'>,
  wanted: boolean,
): boolean {
  const [settled, setSettled] = useState(component.isLoaded);
  useEffect(() => {
    if (settled || !wanted) return;
    let current = true;
    const done = () => {
      if (current) setSettled(true);
    };
    component.preload().then(done, done);
    return () => {
      current = false;
    };
  }, [component, wanted, settled]);
  return settled;
}

/**
 * `useComponentCode` for a signed-in user's view: its code loads while a stored session is
 * restored, so the view shows when the session does, without a spinner for its code between.
 */
export function useSignedInViewCode(
  component: Pick<LazyComponent, 'preload' | 'isLoaded'>,
): boolean {
  const { user } = useAuth();
  // Read once, as the page starts: the session restored from it becomes `user`.
  const [storedSession] = useState(mayHaveSession);
  return useComponentCode(component, Boolean(user) || storedSession);
}
