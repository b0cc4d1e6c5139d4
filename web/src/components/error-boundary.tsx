import { Component, type ReactNode } from 'react';
import { buttonClasses } from './button-styles';

interface State {
  failed: boolean;
}

/**
 * A page that throws (or whose chunk cannot be fetched after a new deployment) shows a way out
 * instead of a blank screen; the header and footer stay usable.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Page error:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-4 text-gray-700">This page could not be displayed.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonClasses('primary', 'mt-6')}
        >
          Reload the page
        </button>
      </section>
    );
  }
}
