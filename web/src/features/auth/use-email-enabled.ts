import { useEffect, useState } from 'react';
import { fetchAuthSettings } from '@/lib/supabase';

/**
 * Whether this deployment sends auth e-mails: false only once `/auth/v1/settings` says
 * `mailer_enabled: false` (deployed without a sender), when password recovery is not offered.
 * While unknown, or if the settings cannot be read, e-mail is assumed on.
 */
export function useEmailEnabled(): boolean {
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    let current = true;
    Promise.resolve(fetchAuthSettings())
      .then((settings) => {
        if (current && settings?.mailer_enabled === false) setEnabled(false);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  return enabled;
}
