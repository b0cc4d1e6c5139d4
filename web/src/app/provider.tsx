import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '@/lib/auth';
import { SubscriptionProvider } from '@/lib/subscription';

/** App-wide state and the toast area; the router around it is chosen by the caller. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <SubscriptionProvider>
        {children}
        {/* Top right, below the sticky header and beneath it in z-order: a toast never
            covers the header or its open menu. */}
        <Toaster
          position="top-right"
          containerStyle={{ top: 'calc(var(--spacing-header) + 0.75rem)', zIndex: 30 }}
        />
      </SubscriptionProvider>
    </AuthProvider>
  );
}
