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
          Your details and your sent-letters list stay in this browser&apos;s local storage until
          you remove them. Your date of birth, SSN digits and report number are never stored.
        </li>
      </ul>
    </section>
  );
}
