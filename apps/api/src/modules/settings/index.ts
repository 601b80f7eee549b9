export {
  legalDetails,
  lowStockThreshold,
  returnSettings,
  setLegalDetails,
  setLowStockThreshold,
  setReturnSettings,
  setTaxSettings,
  taxSettings,
} from './shop-settings';
