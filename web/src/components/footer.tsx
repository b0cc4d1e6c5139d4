import { memo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSupportEmail } from '@/config/runtime-config';
import { OperatorStatement } from './operator-statement';

// Memoised: the layout re-renders with every change of the header while a session starts.
export const Footer = memo(function Footer() {
  const supportEmail = useSupportEmail();
  return (
    <footer className="on-dark bg-night text-gray-200">
      <div className="mx-auto max-w-page space-y-4 px-4 py-10 text-sm">
        <p>
          Credit Dispute Letters is a letter-generation service only. We are not a credit repair
          organization, we do not contact the credit bureaus on your behalf, and we do not guarantee
          any particular result. The credit bureaus usually answer a dispute within 30-90 days,
          sometimes longer. Nothing on this site is legal advice.
        </p>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>Monthly Subscription: $5</li>
          <li>SSL Secured</li>
          <li>
            Support:{' '}
            <a href={`mailto:${supportEmail}`} className="underline">
              {supportEmail}
            </a>
          </li>
          <li>
            <Link to={paths.support} className="underline">
              Help and refunds
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className="underline">
              Terms
            </Link>
          </li>
          <li>
            <Link to={paths.privacy} className="underline">
              Privacy Policy
            </Link>
          </li>
        </ul>
        <p>
          <OperatorStatement />
        </p>
        <p>© 2024 Credit Dispute Letters. All rights reserved.</p>
      </div>
    </footer>
  );
});
