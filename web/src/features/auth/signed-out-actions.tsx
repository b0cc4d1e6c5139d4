import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { paths, signUpPath } from '@/config/paths';

export function SignedOutActions() {
  return (
    <div className="flex items-center gap-2">
      <Link
        to={paths.auth}
        className="rounded-md px-3 py-2 font-medium text-brand-800 hover:bg-brand-50"
      >
        Sign In
      </Link>
      <Link to={signUpPath} className={buttonClasses('secondary', 'px-4 py-2')}>
        Subscribe
      </Link>
    </div>
  );
}
