import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, json, stubApi } from '../../../test/api';
import { errorOf } from '../../../test/fields';
import { renderWithApp } from '../../../test/render';
import { aTool } from '../../../test/tools';
import { AddToolForm } from './add-tool-form';

/** The part types for Part details; `answer` for everything else (the tool's POST). */
const stubShop = (answer: (call: ApiCall) => Response | Promise<Response>) =>
  stubApi((call) =>
    call.path === '/api/categories'
      ? json({ categories: [{ slug: 'fans', name: 'Fans' }] })
      : answer(call),
  );

const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

const fill = async (
  user: ReturnType<typeof renderWithApp>['user'],
  values: Partial<Record<string, string>> = {},
) => {
  const typed = {
    Name: 'Cooling Fan',
    Description: 'A quiet fan.',
    'Minimum order quantity': '2',
    'Available quantity': '40',
    'Price per unit ($)': '12.5',
    'Image URL': 'https://example.com/fan.webp',
    ...values,
  };
  for (const [label, value] of Object.entries(typed)) {
    if (!value) continue;
    // Pasted rather than typed key by key: the same change events, a quicker test.
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
};

describe('AddToolForm', () => {
  it("shows each of the spec's empty fields its message under it, and adds nothing", async () => {
    const fetch = stubShop(() => json({}));
    const { user } = renderWithApp(<AddToolForm />);
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));

    await screen.findByText('Name is required');
    const expected = {
      Name: 'Name is required',
      Description: 'Description is required',
      'Minimum order quantity': 'Minimum order quantity is required',
      'Available quantity': 'Available quantity is required',
      'Price per unit ($)': 'Price is required',
      'Image URL': 'Image URL is required',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(errorOf(field), label).toBe(message);
    }
    // The title is optional: left empty, the name stands in.
    expect(screen.getByLabelText('Title (optional)')).not.toHaveAttribute('aria-invalid');
    expect(posts(fetch)).toEqual([]);
  });

  it('refuses a long name, quantities out of bounds, a price in fractions of a cent and an image that is no address', async () => {
    stubShop(() => json({}));
    const { user } = renderWithApp(<AddToolForm />);
    await fill(user, {
      Name: 'Laptop Cooling Fan 12V',
      'Minimum order quantity': '0',
      'Available quantity': '2.5',
      'Price per unit ($)': '1.234',
      'Image URL': 'fan.webp',
    });
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));

    expect(await screen.findByText('Name must have at most 20 characters')).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('Minimum order quantity'))).toBe(
      'Minimum order quantity must be at least 1',
    );
    expect(errorOf(screen.getByLabelText('Available quantity'))).toBe(
      'Available quantity must be a whole number',
    );
    expect(errorOf(screen.getByLabelText('Price per unit ($)'))).toBe(
      'Price can have at most 2 decimals',
    );
    expect(errorOf(screen.getByLabelText('Image URL'))).toBe(
      'Provide a valid image URL (http or https)',
    );
  });

  it('adds the tool with numbers as numbers on a busy button, then starts over on the name', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = stubShop(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderWithApp(<AddToolForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));

    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Add Tool' })).toBeDisabled());
    const [[url, init] = []] = posts(fetch);
    expect(String(url)).toBe('/api/tools');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Cooling Fan',
      description: 'A quiet fan.',
      minOrderQuantity: 2,
      availableQuantity: 40,
      price: 12.5,
      img: 'https://example.com/fan.webp',
    });
    // What was left empty is not sent: the shop gives its default.
    expect(body).not.toHaveProperty('title');
    expect(body).not.toHaveProperty('partNumbers');
    expect(body).not.toHaveProperty('fits');

    answer(json({ ...aTool(), message: 'Tool Added' }, { status: 201 }));
    await vi.waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    // The form is emptied, then the focus moves: on a busy machine, a moment later.
    await vi.waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus(), { timeout: 3000 });
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add Tool' })).toBeEnabled();
  });

  it('opens Part details to show a refused SKU under its field', async () => {
    stubShop(() =>
      apiError(409, 'SKU_TAKEN', 'Check the part details', {
        sku: ['SKU P-000001 is taken by Battery'],
      }),
    );
    const { user } = renderWithApp(<AddToolForm />);
    const details = screen.getByText('Part details').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await fill(user);
    await user.type(screen.getByLabelText('SKU'), 'P-000001');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));

    await vi.waitFor(() => expect(details).toHaveAttribute('open'));
    const sku = screen.getByLabelText('SKU');
    expect(errorOf(sku)).toBe('SKU P-000001 is taken by Battery');
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    // The field says it all: not the words above the form.
    expect(screen.queryByText('Check the part details')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Cooling Fan');
  });

  it('focuses the first wrong field, then checks each change: 21 letters too many, 20 fine', async () => {
    const fetch = stubShop(() => json({}));
    const { user } = renderWithApp(<AddToolForm />);
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    const name = screen.getByLabelText('Name');
    await vi.waitFor(() => expect(name).toHaveFocus());

    await user.type(name, 'A'.repeat(21));
    expect(errorOf(name)).toBe('Name must have at most 20 characters');
    await user.type(name, '{Backspace}');
    expect(errorOf(name)).toBe('');
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Minimum order quantity'), '2');
    expect(errorOf(screen.getByLabelText('Minimum order quantity'))).toBe('');
    const image = screen.getByLabelText('Image URL');
    await user.type(image, 'not a link');
    expect(errorOf(image)).toBe('Provide a valid image URL (http or https)');
    await user.clear(image);
    await user.type(image, 'https://images.example.com/tool.png');
    expect(errorOf(image)).toBe('');
    expect(posts(fetch)).toEqual([]);
  });
});
