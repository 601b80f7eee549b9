import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { addToolResolver, type AddToolValues } from './add-tool-check';

const typed: AddToolValues = {
  name: 'Fan',
  description: 'A fan',
  minOrderQuantity: 1,
  availableQuantity: 4,
  price: 27,
  img: '',
};
const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as ResolverOptions<AddToolValues>;

const check = (values: Partial<AddToolValues>, picture: boolean) =>
  addToolResolver({ ...typed, ...values }, { picture }, options);

describe("Add Tool's check (issue 49)", () => {
  it("asks for the image URL in the spec's words when no picture is chosen", async () => {
    const { errors } = await check({}, false);
    expect(errors.img?.message).toBe('Image URL is required');
  });

  it('takes an empty image URL when a picture is chosen, and sends none', async () => {
    const { errors, values } = await check({ img: '  ' }, true);
    expect(errors).toEqual({});
    expect(values).toMatchObject({ name: 'Fan', img: undefined });
  });

  it('checks a URL typed as ever, picture or not', async () => {
    for (const picture of [false, true]) {
      const { errors } = await check({ img: 'not a link' }, picture);
      expect(errors.img?.message).toBe('Provide a valid image URL (http or https)');
      const { values } = await check({ img: ' https://img.example/fan.png ' }, picture);
      expect(values).toMatchObject({ img: 'https://img.example/fan.png' });
    }
  });

  it("keeps the spec's other rules with a picture", async () => {
    const { errors } = await check({ name: 'N'.repeat(21) }, true);
    expect(errors.name?.message).toBe('Name must have at most 20 characters');
  });
});
