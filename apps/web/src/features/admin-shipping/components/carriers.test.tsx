import type { Carrier } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { Carriers } from './carriers';

const dhl: Carrier = {
  id: 'c-1',
  name: 'DHL',
  trackingUrlTemplate: 'https://dhl.example/track?n={tracking}',
};
const ups: Carrier = {
  id: 'c-2',
  name: 'UPS',
  trackingUrlTemplate: 'https://ups.example/track/{tracking}',
};

const calls = (fetch: ReturnType<typeof stubApi>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));

const dialog = () => screen.getByRole('dialog', { name: 'Delete this carrier?' });

describe('Carriers', () => {
  it('says when there is no carrier yet', async () => {
    stubApi(() => json([]));
    renderWithApp(<Carriers />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the carriers');
    expect(
      await screen.findByText('No carrier yet: orders are shipped without tracking.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Carriers' })).not.toBeInTheDocument();
  });

  it('asks before deleting, naming the carrier; Cancel closes it and gives focus back', async () => {
    const fetch = stubApi(() => json([dhl, ups]));
    const { user } = renderWithApp(<Carriers />);
    const list = await screen.findByRole('list', { name: 'Carriers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const remove = within(list).getByRole('button', { name: 'Delete DHL' });
    await user.click(remove);

    expect(dialog()).toHaveTextContent(
      'DHL will no longer be offered when an order is shipped. Orders it took keep its name and tracking links.',
    );
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(calls(fetch, 'DELETE')).toEqual([]);
  });

  it('deletes the carrier once confirmed, and focus goes to the heading when its row is gone', async () => {
    let carriers = [dhl, ups];
    const fetch = stubApi(({ method }) => {
      if (method === 'DELETE') {
        carriers = [ups];
        return new Response(null, { status: 204 });
      }
      return json(carriers);
    });
    const { user } = renderWithApp(<Carriers />);
    await user.click(await screen.findByRole('button', { name: 'Delete DHL' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete DHL' })).not.toBeInTheDocument(),
    );
    expect(calls(fetch, 'DELETE')).toEqual([{ url: '/api/carriers/c-1', body: undefined }]);
    expect(screen.getByRole('heading', { name: 'Carriers' })).toHaveFocus();
  });

  it('shows a refused deletion in the dialog, which stays open to try again or leave', async () => {
    stubApi(({ method }) =>
      method === 'DELETE' ? apiError(409, 'CONFLICT', 'DHL has a parcel on its way') : json([dhl]),
    );
    const { user } = renderWithApp(<Carriers />);
    await user.click(await screen.findByRole('button', { name: 'Delete DHL' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'DHL has a parcel on its way',
    );
    expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeEnabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Asked again, the dialog starts without the old failure.
    await user.click(screen.getByRole('button', { name: 'Delete DHL' }));
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("checks a new carrier's name and tracking link before adding it", async () => {
    const fetch = stubApi(({ method }) =>
      method === 'POST' ? json({ ...ups, id: 'c-3' }, { status: 201 }) : json([]),
    );
    const { user } = renderWithApp(<Carriers />);
    const form = screen.getByRole('form', { name: 'Add a carrier' });
    await user.click(within(form).getByRole('button', { name: 'Add carrier' }));

    expect(await within(form).findByText('Carrier name is required')).toBeInTheDocument();
    expect(within(form).getByText('Tracking link is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText('Name'), 'UPS');
    await user.type(within(form).getByLabelText('Tracking link'), 'https://ups.example/track');
    expect(
      await within(form).findByText(
        'Tracking link must contain {tracking} where the tracking number goes',
      ),
    ).toBeInTheDocument();
    expect(calls(fetch, 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText('Tracking link'), '/{{tracking}');
    await user.click(within(form).getByRole('button', { name: 'Add carrier' }));
    await vi.waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue(''));
    expect(calls(fetch, 'POST')).toEqual([
      {
        url: '/api/carriers',
        body: { name: 'UPS', trackingUrlTemplate: 'https://ups.example/track/{tracking}' },
      },
    ]);
  });

  it('edits a carrier in the form above the list, and saves it under its id', async () => {
    const fetch = stubApi(({ method }) =>
      method === 'PUT' ? json({ ...dhl, name: 'DHL Express' }) : json([dhl]),
    );
    const { user } = renderWithApp(<Carriers />);
    await user.click(await screen.findByRole('button', { name: 'Edit DHL' }));

    const form = screen.getByRole('form', { name: 'Change DHL' });
    expect(within(form).getByLabelText('Name')).toHaveValue('DHL');
    await vi.waitFor(() => expect(within(form).getByLabelText('Name')).toHaveFocus());
    expect(within(form).getByLabelText('Tracking link')).toHaveValue(dhl.trackingUrlTemplate);
    await user.type(within(form).getByLabelText('Name'), ' Express');
    await user.click(within(form).getByRole('button', { name: 'Save carrier' }));

    expect(await screen.findByRole('form', { name: 'Add a carrier' })).toBeInTheDocument();
    expect(calls(fetch, 'PUT')).toEqual([
      {
        url: '/api/carriers/c-1',
        body: { name: 'DHL Express', trackingUrlTemplate: dhl.trackingUrlTemplate },
      },
    ]);
  });
});
