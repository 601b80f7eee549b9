import { FailedEmails } from '../../../features/admin-emails/components/failed-emails';
import { SalesDashboard } from '../../../features/admin-reports/components/sales-dashboard';
import { DashboardScreen } from './dashboard-screen';

/** Sales (admins' dashboard home): revenue, orders by status, best sellers and low stock. */
export default function SalesRoute() {
  return (
    <DashboardScreen
      title="Sales"
      intro="How the shop is doing over the last 30 days: paid orders, best sellers, and tools to restock."
    >
      <SalesDashboard />
      <div className="mt-6">
        <FailedEmails />
      </div>
    </DashboardScreen>
  );
}
