import { OperatorStatement } from '@/components/operator-statement';
import { useSupportEmail } from '@/config/runtime-config';
import { LegalSection, linkClasses } from './legal-page';

/** Who runs the site and where to write: the same on /privacy and /terms. */
export function ContactSection() {
  const supportEmail = useSupportEmail();
  return (
    <LegalSection id="contact-heading" title="Who runs this site">
      <p>
        <OperatorStatement />
      </p>
      <p>
        Write to us at{' '}
        <a href={`mailto:${supportEmail}`} className={linkClasses}>
          {supportEmail}
        </a>
        . Please write from the e-mail address of your account.
      </p>
    </LegalSection>
  );
}
