export { modelsOf, toModel } from './laptop-model';
export type { ModelRow } from './laptop-model';
export { laptopsRoutes } from './laptops.routes';
export { createLaptopsService } from './laptops.service';
export type { LaptopsService } from './laptops.service';
export { createModelsCsv } from './models-csv';
