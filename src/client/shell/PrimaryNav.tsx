import { actorOf, useAuth } from '@client/auth';
import { cx } from '@client/components/cx';
import { Link, useLocation } from 'wouter';
import { primaryNavFor } from './navigation';

/**
 * The header's primary navigation: the main screens as links, the current one marked
 * `aria-current="page"`. Plain links in the tab order (Tab reaches them, Enter follows them); each
 * is also a palette command and a `g` key sequence (AppCommands).
 */
export function PrimaryNav({ className, id }: { className?: string; id?: string }) {
  const { user } = useAuth();
  const [location] = useLocation();
  const items = primaryNavFor(actorOf(user));
  if (items.length === 0) return null;
  return (
    <nav id={id} className={cx('primary-nav', className)} aria-label="Main">
      <ul className="primary-nav__list">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              href={item.path}
              className="primary-nav__link"
              aria-current={location === item.path ? 'page' : undefined}
            >
              {item.icon}
              <span>{item.navLabel}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
