import { z } from 'zod';
import { noControlCharacters } from './text';

/** A part type (`categories`, migration 0021), as filters, cards and the admin's form name it. */
export const CategorySchema = z
  .object({ slug: z.string(), name: z.string() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

/** `GET /api/categories`: every part type, in the shop's order (`position`). */
export const CategoryListSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoryList = z.infer<typeof CategoryListSchema>;

/** A brand's or series' slug as the catalogue writes them: lower case words joined by dashes. */
const laptopSlug = (label: string) =>
  z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `${label} is not one the shop knows`)
    .optional();

/** A laptop model named in a list: enough to show it and link to its page (`/laptops/{slug}`). */
export const LaptopRefSchema = z
  .object({ slug: z.string(), name: z.string(), brand: z.string() })
  .meta({ id: 'LaptopRef' });
export type LaptopRef = z.infer<typeof LaptopRefSchema>;

/** A laptop model with where it sits (brand -> series) and its other names. */
export const LaptopModelSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    brand: CategorySchema.meta({ id: 'LaptopBrand' }),
    series: z.object({ slug: z.string(), name: z.string() }).meta({ id: 'LaptopSeries' }),
    aliases: z.array(z.string()),
  })
  .meta({ id: 'LaptopModel' });
export type LaptopModel = z.infer<typeof LaptopModelSchema>;

/** `GET /api/laptops/brands`: the picker's first two steps, brands and their series, by name. */
export const LaptopBrandsSchema = z.object({
  brands: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      series: z.array(z.object({ slug: z.string(), name: z.string() })),
    }),
  ),
});
export type LaptopBrands = z.infer<typeof LaptopBrandsSchema>;

/** Largest answer of `GET /api/laptops` (a picker's list or a typed model's suggestions). */
export const LAPTOP_LIST_MAX = 100;

/**
 * Query of `GET /api/laptops`: the models of a brand's series (the picker's last step), or the
 * models a typed text names (by name or alias: "t480", "20L5", "thinkpad t48").
 */
export const LaptopListQuerySchema = z
  .object({
    brand: laptopSlug('Laptop brand'),
    series: laptopSlug('Laptop series'),
    q: z.string().check(noControlCharacters('Search')).trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(LAPTOP_LIST_MAX).default(20),
  })
  .strict()
  .superRefine((query, context) => {
    if (query.series && !query.brand) {
      context.addIssue({ code: 'custom', path: ['brand'], message: 'Choose a laptop brand' });
    } else if (!query.q && !(query.brand && query.series)) {
      context.addIssue({
        code: 'custom',
        path: ['q'],
        message: 'Choose a laptop brand and series, or type a model',
      });
    }
  });
export type LaptopListQuery = z.infer<typeof LaptopListQuerySchema>;

export const LaptopListSchema = z.object({ models: z.array(LaptopModelSchema) });
export type LaptopList = z.infer<typeof LaptopListSchema>;
