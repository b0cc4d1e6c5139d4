import { panelClasses } from './field-styles';

export function PrivacyPanel() {
  return (
    <section aria-labelledby="letter-privacy-title" className={`${panelClasses} bg-green-50`}>
      <h2 id="letter-privacy-title" className="text-lg font-bold">
        Your privacy
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-800">
        <li>Your letter is built entirely in this browser.</li>
        <li>
          No letter data is sent to our servers: building, previewing, downloading and exporting
          make no network request.
        </li>
        <li>
          Your details stay in this browser, for your account only, until you remove them; letters
          you mark as mailed go to My Disputes, also kept only here. Your date of birth, SSN digits
          and report number are never stored.
        </li>
        <li>
          With Sync across my devices on (in My Disputes), your details, this unfinished letter and
          My Disputes also reach your other devices, encrypted in this browser first: our server
          cannot read them.
        </li>
      </ul>
    </section>
  );
}
