import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/**
 * A reset link may land anywhere on the site (e.g. on the site URL when its redirect was not
 * allowed): the PASSWORD_RECOVERY event then opens the set-new-password page, once.
 */
export function PasswordRecoveryRedirect() {
  const { passwordRecovery } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (passwordRecovery && pathname !== paths.resetPassword) navigate(paths.resetPassword);
    // Only the event's arrival redirects; the user may leave the page afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [passwordRecovery]);

  return null;
}
