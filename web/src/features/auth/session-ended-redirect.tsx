import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, signInPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * When the server refuses the session (signed out elsewhere, revoked), the user is signed out
 * here too: say so, and open sign-in with the way back to the page they were on.
 */
export function SessionEndedRedirect() {
  const { sessionEnded } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!sessionEnded) return;
    // The toast code loads only now: this component is on every page of a visitor's first load.
    void import('@/lib/toast').then(({ default: toast }) =>
      toast.error(SESSION_ENDED_MESSAGE, { id: 'session-ended' }),
    );
    if (pathname !== paths.auth) navigate(signInPath(pathname + search));
    // Only the session's end redirects; the user may move on afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionEnded]);

  return null;
}
