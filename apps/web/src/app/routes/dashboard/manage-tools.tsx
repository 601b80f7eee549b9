import { ManageToolsTable } from '../../../features/admin-tools/components/manage-tools-table';
import { DashboardScreen } from './dashboard-screen';

/** Manage Tools (admin): remove tools, or change their price, stock and description. */
export default function ManageToolsRoute() {
  return (
    <DashboardScreen
      title="Manage Tools"
      intro="Edit a tool's price, stock and description, or remove it with its X button."
    >
      <ManageToolsTable />
    </DashboardScreen>
  );
}
