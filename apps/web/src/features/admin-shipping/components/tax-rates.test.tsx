import type { TaxRate } from '@shop/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { TaxRates } from './tax-rates';

const germany: TaxRate = {
  country: 'DE',
  countryName: 'Germany',
  region: '',
  regionName: null,
  name: 'VAT',
  rate: 19,
};
const us: TaxRate = {
  country: 'US',
  countryName: 'United States',
  region: '',
  regionName: null,
  name: 'Sales tax',
  rate: 2,
};
const california: TaxRate = { ...us, region: 'CA', regionName: 'California', rate: 7.25 };
const newYork: TaxRate = { ...us, region: 'NY', regionName: 'New York', rate: 8.875 };

const dialog = () => screen.getByRole('dialog', { name: 'Delete this tax rate?' });

describe('TaxRates', () => {
  it('says when no rate is set: no tax is charged', async () => {
    stubApi(() => json([]));
    renderWithApp(<TaxRates />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the tax rates');
    expect(
      await screen.findByText('No tax rate yet: no tax is charged anywhere.'),
    ).toBeInTheDocument();
  });

  it("lists a country's single rate on one line, and folds a country's regions under it", async () => {
    stubApi(() => json([germany, us, california, newYork]));
    renderWithApp(<TaxRates />);
    const list = await screen.findByRole('list', { name: 'Tax rates by country' });
    const [de, usa] = within(list).getAllByRole('listitem');
    expect(de).toHaveTextContent('Germany: VAT 19%');
    expect(within(usa!).getByText('United States').closest('summary')).toHaveTextContent(
      'United States 2 regions and a rate for the whole country',
    );
    expect(usa).toHaveTextContent('Whole country: Sales tax 2%');
    expect(usa).toHaveTextContent('New York: Sales tax 8.875%');
    expect(
      within(usa!).getByRole('button', { name: 'Delete the rate of California, United States' }),
    ).toBeInTheDocument();
  });

  it('asks before deleting, naming the rate and where; Escape closes it and gives focus back', async () => {
    const fetch = stubApi(() => json([germany]));
    const { user } = renderWithApp(<TaxRates />);
    const remove = await screen.findByRole('button', { name: 'Delete the rate of Germany' });
    await user.click(remove);

    expect(dialog()).toHaveTextContent('VAT of 19% will no longer be charged in Germany.');
    // Escape makes the browser send `cancel` to the open dialog; jsdom does not, so it is sent here.
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it("deletes a region's rate by country and region, saying the country's rate then applies", async () => {
    let rates = [us, california];
    const fetch = stubApi(({ method }) => {
      if (method === 'DELETE') {
        rates = [us];
        return new Response(null, { status: 204 });
      }
      return json(rates);
    });
    const { user } = renderWithApp(<TaxRates />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete the rate of California, United States' }),
    );
    expect(dialog()).toHaveTextContent(
      'Sales tax of 7.25% will no longer be charged in California, United States (the rate of United States, if any, applies).',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const deleted = fetch.mock.calls
      .filter(([, init]) => init?.method === 'DELETE')
      .map(([url]) => new URL(String(url), 'http://shop.test'));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.pathname).toBe('/api/shipping/tax-rates');
    expect(Object.fromEntries(deleted[0]!.searchParams)).toEqual({ country: 'US', region: 'CA' });
    await vi.waitFor(() => expect(screen.queryByText(/California/)).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Tax rates' })).toHaveFocus();
  });
});
