import { messages } from '@shop/shared';
import { CatalogueImportForm } from '../../../features/catalogue/components/catalogue-import-form';
import { DashboardScreen } from './dashboard-screen';

/** Import catalogue (admins): laptop models or parts in bulk, from and to CSV files. */
export default function ImportCatalogueRoute() {
  return (
    <DashboardScreen title={messages.catalogueImport.title} intro={messages.catalogueImport.intro}>
      <CatalogueImportForm />
    </DashboardScreen>
  );
}
