import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { EmptyState } from '@/components/empty-state';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { SITE_PAGES } from '@shared/site-map';

export default function NotFoundRoute() {
  return (
    <>
      <PageTitle title="Page not found" />
      <EmptyState
        icon="compass"
        title="Page not found"
        actions={
          <>
            <Link to={paths.home} className={buttonClasses('primary')}>
              Back to Home
            </Link>
            <Link to={paths.faq} className={buttonClasses('tertiary')}>
              Read the FAQ
            </Link>
          </>
        }
      >
        <p>The page you are looking for does not exist.</p>
        <nav aria-label="Site pages" className="mt-6">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {SITE_PAGES.map(({ path, label }) => (
              <li key={path}>
                <Link to={path} className="font-semibold text-brand-800 underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </EmptyState>
    </>
  );
}
