import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '@/features/auth/auth-context';
import { SubscriptionProvider } from '@/features/subscription/subscription-context';

/** App-wide state and the toast area; the router around it is chosen by the caller. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <SubscriptionProvider>
        {children}
        <Toaster position="top-right" />
      </SubscriptionProvider>
    </AuthProvider>
  );
}
