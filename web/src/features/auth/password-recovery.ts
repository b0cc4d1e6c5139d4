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

/** Sets the password of the signed-in user (the e-mailed recovery link signed them in). */
export async function setNewPassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
