import { Carriers } from '../../../features/admin-shipping/components/carriers';
import { ShippingZones } from '../../../features/admin-shipping/components/shipping-zones';
import { TaxRates } from '../../../features/admin-shipping/components/tax-rates';
import { TaxSettingsForm } from '../../../features/admin-shipping/components/tax-settings-form';
import { LegalDetailsForm } from '../../../features/invoices/components/legal-details-form';
import { DashboardScreen } from './dashboard-screen';

/**
 * Shipping and tax (admins): where parts go and how, what they cost there, who carries them, the tax, and the
 * shop's details printed on invoices.
 */
export default function ShippingRoute() {
  return (
    <DashboardScreen
      title="Shipping and tax"
      intro="Group countries into zones, give each zone its methods and prices, keep the carriers, and set the tax of each country and the shop's details printed on invoices."
    >
      <div className="flex flex-col gap-10">
        <ShippingZones />
        <Carriers />
        <TaxRates />
        <TaxSettingsForm />
        <LegalDetailsForm />
      </div>
    </DashboardScreen>
  );
}
