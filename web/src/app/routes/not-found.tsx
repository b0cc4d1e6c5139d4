import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageTitle title="Page not found" />
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-gray-700">The page you are looking for does not exist.</p>
      <Link to={paths.home} className={buttonClasses('primary', 'mt-8')}>
        Back to Home
      </Link>
    </section>
  );
}
