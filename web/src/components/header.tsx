import { memo, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BrandMark } from './brand-mark';
import { countBadgeClasses, OverdueBadge } from './overdue-badge';

interface HeaderProps {
  signedIn: boolean;
  /** Sign-in links or the user menu. */
  account: ReactNode;
  /** Disputes that need the user: counted on "My Disputes" and, while closed, the menu button. */
  overdueCount?: number;
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium xl:whitespace-nowrap ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-gray-100'
  }`;

/**
 * The site's links. Memoised: the header re-renders with every change of the account area
 * while a session starts, and each link's render resolves its URL.
 */
const MainNav = memo(function MainNav({
  signedIn,
  overdueCount,
}: {
  signedIn: boolean;
  overdueCount: number;
}) {
  const links: { to: string; label: string; badge?: ReactNode }[] = [
    { to: paths.home, label: 'Home' },
    ...(signedIn
      ? [
          { to: paths.tools, label: 'Dispute Generator' },
          {
            to: paths.disputes,
            label: 'My Disputes',
            badge: overdueCount > 0 ? <OverdueBadge count={overdueCount} /> : undefined,
          },
          { to: paths.checkup, label: 'Checkup' },
        ]
      : []),
    { to: paths.faq, label: 'FAQ' },
    { to: paths.testimonials, label: 'Testimonials' },
  ];
  return (
    <nav aria-label="Main">
      <ul className="flex flex-col gap-1 lg:flex-row">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={navLinkClasses}>
              {link.label}
              {link.badge}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/**
 * The full navigation shows from `lg` up: six links and the account menu need 1024 px. From `xl`
 * (1280 px) each label, and the overdue badge beside "My Disputes", stays on one line.
 */
export function Header({ signedIn, account, overdueCount = 0 }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [closedAt, setClosedAt] = useState(location.key);
  // Following a link closes the mobile menu.
  if (closedAt !== location.key) {
    setClosedAt(location.key);
    setMenuOpen(false);
  }

  // On a phone "My Disputes" hides in the closed menu: its button carries the count instead.
  const menuBadge = !menuOpen && overdueCount > 0;

  return (
    // Above the toasts (z-30, placed below it): an open menu is never covered by one.
    <header className="sticky top-0 z-40 border-b border-line bg-white">
      <div className="relative mx-auto flex h-header max-w-page items-center justify-between gap-4 px-4">
        <Link to={paths.home} className="flex min-w-0 items-center gap-3 rounded-md">
          <BrandMark />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="font-display text-lg font-bold text-night">
              Credit Dispute Letters
            </span>
            <span className="text-xs text-muted lg:hidden">
              Professional FCRA dispute letters in minutes
            </span>
          </span>
        </Link>
        <button
          type="button"
          className="relative rounded-md p-2 text-gray-800 hover:bg-gray-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="site-navigation"
          aria-label={
            menuOpen ? 'Close menu' : `Open menu${menuBadge ? `, ${overdueCount} overdue` : ''}`
          }
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          {menuBadge && (
            <span
              aria-hidden="true"
              data-testid="menu-overdue-badge"
              className={`absolute -top-1 -right-1 ${countBadgeClasses}`}
            >
              {overdueCount}
            </span>
          )}
        </button>
        <div
          id="site-navigation"
          className={`${menuOpen ? 'flex' : 'hidden'} absolute top-full right-0 left-0 flex-col gap-3 border-b border-line bg-white px-4 py-4 shadow-lg lg:static lg:flex lg:flex-row lg:items-center lg:border-0 lg:p-0 lg:shadow-none`}
        >
          <MainNav signedIn={signedIn} overdueCount={overdueCount} />
          {account}
        </div>
      </div>
    </header>
  );
}
