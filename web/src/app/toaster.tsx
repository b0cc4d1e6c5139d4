import { Toaster } from 'react-hot-toast';

/** The toast area, in its own chunk: loaded once code that can raise a toast has. */
export default function AppToaster() {
  return (
    // Top right, below the sticky header and beneath it in z-order: a toast never covers the
    // header or its open menu.
    <Toaster
      position="top-right"
      // Names the area for the end-to-end tests, which wait for toasts before reading the page.
      containerClassName="toast-area"
      containerStyle={{ top: 'calc(var(--spacing-header) + 0.75rem)', zIndex: 30 }}
    />
  );
}
