import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from '@/components/error-boundary';
import { lazyComponent, useComponentCode } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function inSuspense(node: React.ReactNode) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<p>Loading</p>}>{node}</Suspense>
    </PageErrorBoundary>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('lazyComponent', () => {
  it('shows no fallback once preloaded: the first render has the component, with its props', async () => {
    const Lazy = lazyComponent(async () => ({ default: Greeting }));
    await Lazy.preload();
    // Read at once: a render that suspended would show "Loading" here.
    const { container } = render(inSuspense(<Lazy name="Jane" />));
    expect(container.textContent).toBe('Hello Jane');
  });

  it('suspends until its chunk is there when not preloaded, and loads it once', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Lazy = lazyComponent(load);
    render(inSuspense(<Lazy name="Jane" />));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Jane')).toBeInTheDocument();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load as the page error, without fetching again, until preloaded again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Greeting });
    const Lazy = lazyComponent(load);

    const first = render(inSuspense(<Lazy name="Jane" />));
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    first.unmount();
    render(inSuspense(<Lazy name="Jane" />)).unmount();
    expect(load).toHaveBeenCalledTimes(1);

    await Lazy.preload();
    render(inSuspense(<Lazy name="Jane" />));
    expect(screen.getByText('Hello Jane')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves a failed preload to the render, which loads again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Greeting });
    const Lazy = lazyComponent(load);
    await expect(Lazy.preload()).rejects.toThrow('Failed to fetch');

    render(inSuspense(<Lazy name="Jane" />));
    expect(await screen.findByText('Hello Jane')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('useComponentCode loads the code only when wanted, and says when it is there', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Lazy = lazyComponent(load);
    const { result, rerender } = renderHook(({ wanted }) => useComponentCode(Lazy, wanted), {
      initialProps: { wanted: false },
    });
    expect(result.current).toBe(false);
    expect(load).not.toHaveBeenCalled();

    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toBe(true));
    expect(Lazy.isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
