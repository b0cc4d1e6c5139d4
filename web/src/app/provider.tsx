import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '@/features/auth/auth-context';
import { SubscriptionProvider } from '@/features/subscription/subscription-context';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <AuthProvider>
        <SubscriptionProvider>
          {children}
          <Toaster position="top-right" />
        </SubscriptionProvider>
      </AuthProvider>
    </BrowserRouter>
  );
}
