import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';

/**
 * Mails a link that opens the set-new-password page. The server answers the same for an
 * unknown address, so the caller can only say "if an account exists".
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw error;
}

/** What the page says when the link's sign-in is too old to change the password without the old one. */
export const RECOVERY_SIGN_IN_TOO_OLD =
  'This page was opened from the link more than 10 minutes ago. Request a new link with “Forgot password?”.';

/** Sets the password of the signed-in user (the e-mailed recovery link signed them in). */
export async function setNewPassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  // The server wants the old password from a session older than its recent-sign-in window.
  if (error?.code === 'current_password_required') throw new Error(RECOVERY_SIGN_IN_TOO_OLD);
  if (error) throw error;
}
