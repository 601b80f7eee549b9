/*
 * The catalogue module's one door: the thing sold (a "tool" in the spec's screens and routes, a
 * "part" everywhere else), its admin writes and page cache, the public part pages, the CSV
 * import and export, the product images and the stock. Other modules and app.ts import only
 * this file (docs/architecture.md, "The catalogue module").
 */

// The part as the API shows it, and the columns that read it: lent to search and laptops.
export {
  type CatalogueRow,
  catalogueFields,
  fitsCountField,
  type PartRow,
  partFields,
  toPart,
  toTool,
} from './part-fields';

// Admin writes, the catalogue's pages and their cache (decision 010).
export {
  CATALOGUE_CACHE_BYTES,
  CATALOGUE_CACHE_PAGES,
  type CataloguePage,
  createToolsService,
  type ToolsService,
  type ToolsServiceOptions,
} from './tools.service';
export { toolsRoutes } from './tools.routes';

// The public part pages (decision 036).
export { createPartsService, type PartsService } from './parts.service';
export { partsRoutes } from './parts.routes';

// Stock, taken and given back inside an order's statement or transaction (decision 013).
export {
  type PricedWantedLine,
  release,
  reserve,
  type ReturnedUnits,
  type WantedLine,
} from './inventory';

// The catalogue as CSV files (decision 033); the models' file is the laptops module's.
export { CATALOGUE_IMPORT_PATH, catalogueRoutes } from './csv/catalogue.routes';
export {
  type CatalogueService,
  type CatalogueServiceOptions,
  createCatalogueService,
  type ModelsCsv,
} from './csv/catalogue.service';
export {
  chunksOf,
  csvLines,
  headerLine,
  listCell,
  listItems,
  readCsv,
  RowErrors,
  slugOf,
} from './csv/catalogue-csv';

// Product images (decision 035).
export {
  folderImageStorage,
  type ImageStorage,
  imageStorageFor,
  s3ImageStorage,
} from './images/image-storage';
export {
  IMAGE_UPLOAD_LIMIT_BYTES,
  IMAGE_UPLOAD_PATH,
  imagesRoutes,
  partImageFile,
} from './images/images.routes';
export { createImagesService, type ImagesService } from './images/images.service';
