import { ReturnSettingsForm } from '../../../features/returns/components/return-settings-form';
import { ReturnsQueue } from '../../../features/returns/components/returns-queue';
import { DashboardScreen } from './dashboard-screen';

/** Returns (admins): the buyers' return requests, each step of them, and the return rules. */
export default function ReturnsRoute() {
  return (
    <DashboardScreen
      title="Returns"
      intro="Authorise or refuse what buyers ask to send back, mark the parts received, and refund them less the restocking fee of their reason."
    >
      <div className="flex flex-col gap-10">
        <ReturnsQueue />
        <ReturnSettingsForm />
      </div>
    </DashboardScreen>
  );
}
