import { Page } from '@client/components/Page';

/** The admin-only /admin page. */
export default function AdminDashboard() {
  return (
    <Page title="Admin Dashboard">
      <section className="card">
        <div className="card__body">
          <p>This is an admin-only area.</p>
        </div>
      </section>
    </Page>
  );
}
