import { PLAN } from '@shared/plan';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { REFUND_RULE } from '@/config/policies';
import { ContactSection } from './components/contact-section';
import { LegalPage, LegalSection, linkClasses, listClasses } from './components/legal-page';

/** The plan as the checkout sells it (shared/plan.ts). */
const PLAN_PRICE = `$${PLAN.price} (${PLAN.currency.toUpperCase()}) a ${PLAN.interval}`;

/** /terms: the service, the plan, cancelling, refunds and acceptable use. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p className="mt-4 text-lg">
        These terms cover your use of Credit Dispute Letters. You agree to them when you create an
        account or subscribe. Please read them before you pay.
      </p>

      <LegalSection id="service-heading" title="What the service is">
        <p>
          Credit Dispute Letters is a tool that helps you write letters to dispute errors on your
          credit reports. You sign and mail the letters yourself.
        </p>
        <ul className={listClasses}>
          <li>We are not a credit repair organization.</li>
          <li>We do not charge any fee for results.</li>
          <li>We do not contact the credit bureaus or your creditors for you.</li>
          <li>We cannot promise that any item will be fixed or removed.</li>
          <li>Nothing on this site is legal advice.</li>
        </ul>
      </LegalSection>

      <LegalSection id="plan-heading" title="The plan">
        <p>
          There is one plan, {PLAN.name}: {PLAN_PRICE}, with no setup fee. Stripe takes the payment.
          The plan renews on its own each {PLAN.interval} until you cancel.
        </p>
      </LegalSection>

      <LegalSection id="cancel-heading" title="Cancelling">
        <p>
          You can cancel at any time in the billing portal: sign in, open your name at the top of
          the page and choose Manage billing. You keep access until the end of the {PLAN.interval}{' '}
          you paid for.
        </p>
      </LegalSection>

      <LegalSection id="refunds-heading" title="Refunds">
        <ul className={listClasses}>
          <li>{REFUND_RULE}</li>
          <li>No refunds are given for partial months.</li>
        </ul>
        <p>
          To ask for a refund, write to us (see{' '}
          <Link to={paths.support} className={linkClasses}>
            Support
          </Link>
          ).
        </p>
      </LegalSection>

      <LegalSection id="use-heading" title="Acceptable use">
        <ul className={listClasses}>
          <li>Use the service for your own credit reports, or to help someone who asked you to.</li>
          <li>Write only what you believe is true. Do not dispute facts you know are right.</li>
          <li>Do not pretend to be someone else.</li>
          <li>
            Do not try to break the service, get around its limits or reach other people's data.
          </li>
        </ul>
        <p>We may close an account that breaks these rules.</p>
      </LegalSection>

      <ContactSection />
    </LegalPage>
  );
}
