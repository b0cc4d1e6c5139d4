import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const linkClasses = 'font-semibold text-brand-800 underline';

/** "Terms and Privacy Policy", each a link to its page. */
export function PolicyLinks() {
  return (
    <>
      <Link to={paths.terms} className={linkClasses}>
        Terms
      </Link>{' '}
      and{' '}
      <Link to={paths.privacy} className={linkClasses}>
        Privacy Policy
      </Link>
    </>
  );
}

/** Under a button that signs the user up or starts a payment: the terms they agree to. */
export function AgreementNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-gray-700 ${className}`}>
      By continuing you agree to the <PolicyLinks />.
    </p>
  );
}
