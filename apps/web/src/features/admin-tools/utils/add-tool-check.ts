import { zodResolver } from '@hookform/resolvers/zod';
import { type PicturedToolInput, PicturedToolInputSchema, ToolInputSchema } from '@shop/shared';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';

/** Add Tool's values as typed (the part details' included). */
export type AddToolValues = z.input<typeof ToolInputSchema>;

/** What Add Tool's check needs beside the values: whether a picture is chosen. */
export interface AddToolContext {
  picture: boolean;
}

const withUrl = zodResolver(ToolInputSchema);
const withPicture = zodResolver(PicturedToolInputSchema);

/**
 * Add Tool's check, by the shared schemas: the spec's, whose image URL is required ("Image URL
 * is required"), unless a picture is chosen and the URL left empty; then that of Add Tool with
 * a picture (issue 49), the same rules without the URL, for the first picture becomes the
 * part's image. A URL typed is checked as ever, picture or not.
 */
export const addToolResolver: Resolver<AddToolValues, AddToolContext, PicturedToolInput> = (
  values,
  context,
  options,
) =>
  context?.picture && !values.img?.trim()
    ? withPicture(
        { ...values, img: undefined },
        context,
        // The same fields by the same names; only `img`'s type is looser there.
        options as ResolverOptions<z.input<typeof PicturedToolInputSchema>>,
      )
    : withUrl(values, context, options);
