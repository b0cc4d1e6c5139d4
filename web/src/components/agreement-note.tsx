import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Under a button that signs the user up or starts a payment: the terms they agree to. */
export function AgreementNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-gray-700 ${className}`}>
      By continuing you agree to the{' '}
      <Link to={paths.terms} className="font-semibold text-brand-800 underline">
        Terms
      </Link>{' '}
      and{' '}
      <Link to={paths.privacy} className="font-semibold text-brand-800 underline">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
