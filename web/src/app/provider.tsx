import type { ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';
import { lazyComponent, useComponentCode } from '@/lib/lazy-component';
import { SubscriptionProvider } from '@/lib/subscription';
import { useToastAreaWanted } from '@/lib/toast-area';

const AppToaster = lazyComponent(() => import('./toaster'));

function ToastArea() {
  const ready = useComponentCode(AppToaster, useToastAreaWanted());
  return ready ? <AppToaster /> : null;
}

/** App-wide state and the toast area; the router around it is chosen by the caller. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <SubscriptionProvider>
        {children}
        <ToastArea />
      </SubscriptionProvider>
    </AuthProvider>
  );
}
