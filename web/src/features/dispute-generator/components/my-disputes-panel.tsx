import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { panelClasses } from './field-styles';

/** Where mailed letters go: My Disputes, with their deadlines and next steps. */
export function MyDisputesPanel() {
  return (
    <section aria-labelledby="my-disputes-title" className={panelClasses}>
      <h2 id="my-disputes-title" className="text-lg font-bold">
        After you mail it
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Use &quot;Mark as mailed&quot; in the preview: the letter goes to{' '}
        <Link to={paths.disputes} className="font-semibold text-blue-800 underline">
          My Disputes
        </Link>
        , which counts the bureau&apos;s deadline (30 days from delivery), records what it answers
        and builds the right follow-up letter. Kept only in this browser, for your account.
      </p>
    </section>
  );
}
