import { Link } from 'react-router-dom';
import { PolicyLinks } from '@/components/agreement-note';
import { OperatorStatement } from '@/components/operator-statement';
import { paths } from '@/config/paths';
import { REFUND_RULE } from '@/config/policies';
import { useSupportEmail } from '@/config/runtime-config';

/** /support: who to write to, and the refund rule. */
export function SupportPage() {
  const supportEmail = useSupportEmail();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="font-display text-3xl font-bold">Support</h1>
      <p className="mt-4 text-gray-800">
        Questions about your account, billing or a letter? Write to us at{' '}
        <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-800 underline">
          {supportEmail}
        </a>
        . Please tell us the e-mail address of your account; never send us your credit report or
        account numbers.
      </p>
      <section aria-labelledby="refunds-heading" className="mt-8">
        <h2 id="refunds-heading" className="text-xl font-bold">
          Refunds
        </h2>
        <p className="mt-2 text-gray-800">{REFUND_RULE}</p>
      </section>
      <section aria-labelledby="billing-heading" className="mt-8">
        <h2 id="billing-heading" className="text-xl font-bold">
          Billing
        </h2>
        <p className="mt-2 text-gray-800">
          Signed in, open your name in the header and choose Manage billing to update your card or
          cancel.
        </p>
      </section>
      <section aria-labelledby="operator-heading" className="mt-8">
        <h2 id="operator-heading" className="text-xl font-bold">
          Who runs this site
        </h2>
        <p className="mt-2 text-gray-800">
          <OperatorStatement />
        </p>
        <p className="mt-2 text-gray-800">
          Read the <PolicyLinks />.
        </p>
      </section>
      <p className="mt-8 text-gray-800">
        Many answers are already in the{' '}
        <Link to={paths.faq} className="font-semibold text-brand-800 underline">
          FAQ
        </Link>
        .
      </p>
    </div>
  );
}
