import { LOG_RETENTION_DAYS, SERVER_DATA } from '@shared/privacy-facts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ContactSection } from './components/contact-section';
import { LegalPage, LegalSection, linkClasses, listClasses } from './components/legal-page';

/** /privacy: what the servers keep, what stays in the browser, who else gets data, and how to remove it. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p className="mt-4 text-lg">
        This page says in plain words what Credit Dispute Letters keeps about you, where, and for
        how long. Your letters and disputes stay in your browser. Our servers keep only what your
        account and your plan need.
      </p>

      <LegalSection id="servers-heading" title="What our servers keep">
        <ul className={listClasses}>
          {SERVER_DATA.map(({ kind, what, kept }) => (
            <li key={kind}>
              {what} <strong>Kept:</strong> {kept}
            </li>
          ))}
        </ul>
        <p>
          Our servers also log each request: the time, what was asked for, and the answer. The logs
          of page visits also hold your network (IP) address and the kind of browser you use. They
          can hold the one-time links we e-mail you, which stop working once used or expired. Logs
          never hold your password or your letters. All logs are deleted after {LOG_RETENTION_DAYS}{' '}
          days.
        </p>
      </LegalSection>

      <LegalSection id="browser-heading" title="What stays in your browser">
        <p>
          Your letters are written in your browser. What you type in them is never sent to our
          servers. This browser keeps, for your account only:
        </p>
        <ul className={listClasses}>
          <li>Your details: your name, address, phone number and e-mail address.</li>
          <li>Your disputes in My Disputes, with their letters and dates.</li>
          <li>The files you attach to a dispute.</li>
          <li>A sign-in token, so that you stay signed in.</li>
        </ul>
        <p>
          Your date of birth, SSN digits and report number are not stored at all, not even in your
          browser. They are gone when you close the page.
        </p>
      </LegalSection>

      <LegalSection id="others-heading" title="Who else gets your data">
        <ul className={listClasses}>
          <li>
            <strong>Stripe</strong> takes your payments. When you subscribe, Stripe gets your e-mail
            address and your account number with us. You type your card details on Stripe's own
            page, so we never see them. Stripe's privacy policy covers what it keeps.
          </li>
          <li>
            <strong>Amazon Web Services</strong> runs our servers. Its e-mail service (Amazon SES)
            gets your e-mail address and the message we send you: a link or code to confirm your
            address, sign in or reset your password, or, if you turned them on, a reminder that says
            only that a response to one of your disputes is due. Every reminder has a one-click
            unsubscribe link.
          </li>
        </ul>
        <p>No one else gets your data. We do not sell it, show ads or use tracking cookies.</p>
      </LegalSection>

      <LegalSection id="sync-heading" title="If you turn on sync">
        <p>
          Sync across my devices is off until you turn it on in My Disputes. Then your disputes,
          their files, your checkup, your details and the letter you are writing are encrypted in
          your browser before they are sent. The key is made from your sync passphrase, not your
          account password.
        </p>
        <ul className={listClasses}>
          <li>
            Our server keeps only the encrypted data, with each record&apos;s id (random, or the
            kind of record, such as &quot;draft&quot;), version, size and time. We cannot read it,
            and neither can anyone who reads our database.
          </li>
          <li>
            A password reset does not open or delete it. A new device asks for your sync passphrase
            or your recovery code.
          </li>
          <li>
            If you lose both the passphrase and the recovery code, nobody can open the synced copy,
            not even us. Your devices keep their own copies.
          </li>
          <li>
            Turn off sync in My Disputes to delete the copy on our server. Delete all my data
            deletes it too, on any of your devices, even one where sync is off.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="export-heading" title="Save or delete your data">
        <ul className={listClasses}>
          <li>
            In{' '}
            <Link to={paths.disputes} className={linkClasses}>
              My Disputes
            </Link>
            , Export backup saves all your disputes in one file. Delete all my data removes your
            disputes and your details from this browser, and deletes the synced copy and your e-mail
            reminders from our server.
          </li>
          <li>
            To close your account, first cancel your plan: sign in, open your name at the top of the
            page and choose Manage billing. Then write to us from your account's e-mail address. We
            delete your account, your sign-ins and your billing records from our servers. Logs go
            after {LOG_RETENTION_DAYS} days. Stripe keeps its own payment records as the law
            requires.
          </li>
        </ul>
      </LegalSection>

      <ContactSection />
    </LegalPage>
  );
}
