import { messages, type PartFieldsInput } from '@shop/shared';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';

/*
 * What an admin's write of a part is made of (Add Tool, Update, Add Tool with a picture): the
 * part type and models by slug, the part columns sent, the sets of numbers and fitment, and the
 * SKU's uniqueness turned into a refusal that names it.
 */

/** A second tool with the same SKU, whatever its case (the unique index of migration 0021). */
const isSkuTaken = (error: unknown) => isUniqueViolation(error, 'tools_sku_key');

/** The part type's id for its slug; an unknown slug is refused by name. */
export async function categoryIdOf(trx: Transaction<Database>, slug: string | undefined) {
  if (slug === undefined) return undefined;
  const category = await trx
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (category) return category.id;
  const message = messages.catalogue.unknownCategory(slug);
  throw new AppError('VALIDATION_FAILED', message, { category: [message] });
}

/** The laptop models' ids for their slugs; every unknown slug is named, nothing is written. */
export async function modelIdsOf(trx: Transaction<Database>, slugs: string[] | undefined) {
  if (slugs === undefined) return undefined;
  if (slugs.length === 0) return [];
  const models = await trx
    .selectFrom('laptop_models')
    .select(['id', 'slug'])
    .where('slug', 'in', slugs)
    .execute();
  const known = new Set(models.map((model) => model.slug));
  const unknown = slugs.filter((slug) => !known.has(slug));
  if (unknown.length === 0) return models.map((model) => model.id);
  const message = messages.catalogue.unknownModels(unknown);
  throw new AppError('VALIDATION_FAILED', message, { fits: [message] });
}

/** The tool's columns of the parts catalogue that a write sets; what is not sent stays. */
export const partColumns = (fields: PartFieldsInput, categoryId: string | undefined) => ({
  sku: fields.sku,
  category_id: categoryId,
  brand: fields.brand,
  condition: fields.condition,
  weight_grams: fields.weightGrams,
  shipping_class: fields.shippingClass,
});

/** Replaces the part's numbers and the models it fits, each set only when it was sent. */
export async function replaceSets(
  trx: Transaction<Database>,
  toolId: string,
  partNumbers: PartFieldsInput['partNumbers'],
  modelIds: string[] | undefined,
) {
  if (partNumbers !== undefined) {
    await trx.deleteFrom('part_numbers').where('tool_id', '=', toolId).execute();
    if (partNumbers.length > 0) {
      await trx
        .insertInto('part_numbers')
        .values(partNumbers.map((part) => ({ tool_id: toolId, ...part })))
        .execute();
    }
  }
  if (modelIds !== undefined) {
    await trx.deleteFrom('fitment').where('tool_id', '=', toolId).execute();
    if (modelIds.length > 0) {
      await trx
        .insertInto('fitment')
        .values(modelIds.map((modelId) => ({ tool_id: toolId, model_id: modelId })))
        .execute();
    }
  }
}

/** How many of the sequence's SKUs a new tool without one tries (admins may have taken some). */
const DEFAULT_SKU_ATTEMPTS = 20;

/**
 * A write refused for the SKU it gives answers 409 naming it. One that gave none met a SKU an
 * admin typed that the sequence has reached: it is written again with the sequence's next.
 */
export async function refusingTakenSku<T>(sku: string | undefined, write: () => Promise<T>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isSkuTaken(error)) throw error;
      if (sku === undefined) {
        if (attempt < DEFAULT_SKU_ATTEMPTS) continue;
        throw error;
      }
      const message = messages.catalogue.skuTaken(sku);
      throw new AppError('CONFLICT', message, { sku: [message] });
    }
  }
}
