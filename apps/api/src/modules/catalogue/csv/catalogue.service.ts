import {
  type CatalogueImportReport,
  type CatalogueKind,
  type LaptopModel,
  messages,
  type ModelRow,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { isUniqueViolation } from '../../../db/pg-errors';
import { exportParts } from './parts-export';
import { importParts } from './parts-import';

/**
 * The laptop models' file and the one-model add, kept by the laptops module, which owns the
 * laptop tables (`createModelsCsv` in modules/laptops): app.ts hands it in, so the catalogue
 * never imports laptops (laptops imports the catalogue's part fields).
 */
export interface ModelsCsv {
  importCsv(text: string, dryRun: boolean): Promise<CatalogueImportReport>;
  create(row: ModelRow): Promise<LaptopModel>;
  exportCsv(): AsyncGenerator<string>;
}

export interface CatalogueServiceOptions {
  /** The models' file (laptops module). */
  models: ModelsCsv;
  /** Told after an import wrote something: the catalogue's caches forget (tools service). */
  onChange?: () => void;
}

/**
 * The catalogue in bulk (issue 33): laptop models or parts imported from a CSV file, all rows or
 * none, and exported in the same format (docs/product.md, "The catalogue as CSV").
 */
export function createCatalogueService(db: Kysely<Database>, options: CatalogueServiceOptions) {
  return {
    /**
     * Checks every row of the file and, unless `dryRun`, writes them in one transaction. Any bad
     * row refuses the whole file (400 VALIDATION_FAILED, every error by row and column).
     */
    async importCsv(
      kind: CatalogueKind,
      text: string,
      dryRun: boolean,
    ): Promise<CatalogueImportReport> {
      let report: CatalogueImportReport;
      try {
        report =
          kind === 'models'
            ? await options.models.importCsv(text, dryRun)
            : await importParts(db, text, dryRun);
      } catch (error) {
        // A SKU or a model's link taken by another change since the rows were checked.
        if (!isUniqueViolation(error)) throw error;
        throw new AppError('CONFLICT', messages.catalogueImport.changedMeanwhile);
      }
      if (!dryRun && report.created + report.updated > 0) options.onChange?.();
      return report;
    },

    /**
     * `POST /api/laptops`: one new model, named while adding fitment (issue 49), by the models
     * file's rules; 409 with the message under `model` when the shop has it or its link.
     */
    async addModel(row: ModelRow): Promise<LaptopModel> {
      let model: LaptopModel;
      try {
        model = await options.models.create(row);
      } catch (error) {
        // The same model, or its link, added by another change since it was checked.
        if (!isUniqueViolation(error)) throw error;
        const message = messages.catalogueImport.changedMeanwhile;
        throw new AppError('CONFLICT', message, { model: [message] });
      }
      options.onChange?.();
      return model;
    },

    /** The kind's file, a batch of lines at a time, header first. */
    exportCsv(kind: CatalogueKind): AsyncGenerator<string> {
      return kind === 'models' ? options.models.exportCsv() : exportParts(db);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
