import { AddToolForm } from '../../../features/admin-tools/components/add-tool-form';
import { DashboardScreen } from './dashboard-screen';

/** Add A Tool (admin): a new tool for the shop. */
export default function AddToolRoute() {
  return (
    <DashboardScreen
      title="Add A Tool"
      intro="A new tool shows in the shop as soon as it is added."
    >
      <AddToolForm />
    </DashboardScreen>
  );
}
