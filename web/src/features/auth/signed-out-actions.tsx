import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { paths, signUpPath } from '@/config/paths';

export function SignedOutActions() {
  return (
    <div className="flex items-center gap-2">
      <Link
        to={paths.auth}
        className="rounded-md px-3 py-2 font-medium text-blue-800 hover:bg-blue-50"
      >
        Sign In
      </Link>
      <Link to={signUpPath} className={buttonClasses('primary', 'px-4 py-2')}>
        Subscribe
      </Link>
    </div>
  );
}
