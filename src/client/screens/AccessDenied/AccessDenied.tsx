import { useAuth } from '@client/auth';
import { Button } from '@client/components/Button';
import { HomeIcon, LogoutIcon, ShieldIcon } from '@client/components/icons';
import { useDocumentTitle } from '@client/components/useDocumentTitle';
import { ROUTES } from '@client/routes';
import { useLocation } from 'wouter';

/** The Access Denied screen (route /forbidden). */
export default function AccessDenied() {
  const { logout } = useAuth();
  const [, navigate] = useLocation();
  useDocumentTitle('Access Denied');
  return (
    <main id="main" className="page page--narrow">
      <section className="card denied" aria-labelledby="denied-title">
        <span className="denied__icon">
          <ShieldIcon size={24} />
        </span>
        <p className="denied__code">Error 403 - Forbidden</p>
        <h1 className="denied__title" id="denied-title">
          Administrator Access Required
        </h1>
        <p className="denied__text">
          You do not have permission to view this page. Go back home, or sign in with an administrator
          account.
        </p>
        <div className="denied__actions">
          <Button variant="primary" icon={<HomeIcon />} onClick={() => navigate(ROUTES.search)}>
            Go to Home
          </Button>
          <Button icon={<LogoutIcon />} onClick={logout}>
            Switch Account
          </Button>
        </div>
      </section>
    </main>
  );
}
