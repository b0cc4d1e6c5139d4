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
        <Toaster position="top-right" />
      </SubscriptionProvider>
    </AuthProvider>
  );
}
