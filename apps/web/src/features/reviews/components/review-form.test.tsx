import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api';
import { errorOf } from '../../../test/fields';
import { renderWithApp } from '../../../test/render';
import { ReviewForm } from './review-form';

const review = {
  name: 'Ada',
  review: 'Cooling Fan',
  location: 'Portland, USA',
  description: 'Quiet and cool.',
  img: 'https://example.com/ada.png',
};

const fill = async (user: ReturnType<typeof renderWithApp>['user'], values = review) => {
  await user.clear(screen.getByLabelText('Name'));
  await user.type(screen.getByLabelText('Name'), values.name);
  await user.type(screen.getByLabelText('Tool Name'), values.review);
  await user.type(screen.getByLabelText('Location'), values.location);
  await user.type(screen.getByLabelText('Description'), values.description);
  await user.type(screen.getByLabelText('Image URL'), values.img);
};

describe('ReviewForm', () => {
  it('offers the signed-in name when it fits, and leaves a longer one out', () => {
    const { unmount } = renderWithApp(<ReviewForm defaultName="Ada Lovelace" />);
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    unmount();
    renderWithApp(<ReviewForm defaultName="Augusta Ada King, Countess" />);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('shows each empty field its message under it, keeping its hint, and sends nothing', async () => {
    const fetch = stubApi(() => json({}));
    const { user } = renderWithApp(<ReviewForm />);
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    const expected = {
      Name: 'Name is required',
      'Tool Name': 'Tool name is required',
      Location: 'Location is required',
      Description: 'Description is required',
      'Image URL': 'Image URL is required',
    };
    await screen.findByText('Name is required');
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(errorOf(field), label).toBe(message);
    }
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'At most 20 characters Name is required',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a name over 20 characters and an image that is not a web address', async () => {
    stubApi(() => json({}));
    const { user } = renderWithApp(<ReviewForm />);
    await fill(user, { ...review, name: 'A'.repeat(21), img: 'ftp://example.com/a.png' });
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Name must have at most 20 characters')).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('Image URL'))).toBe(
      'Provide a valid image URL (http or https)',
    );
  });

  it('sends the review on a busy button, then empties the form for the next one', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderWithApp(<ReviewForm defaultName="Ada" />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Review' })).toBeDisabled(),
    );
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/reviews');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(review);

    answer(json({ _id: 'r-1', ...review, message: 'Review Added' }, { status: 201 }));
    await vi.waitFor(() => expect(screen.getByLabelText('Tool Name')).toHaveValue(''));
    expect(screen.getByLabelText('Tool Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add Review' })).toBeEnabled();
  });

  it("puts the API's field refusal under its field, and any other failure above the form", async () => {
    let refusal = apiError(400, 'VALIDATION', 'Check the review', {
      location: ['Location must have at most 100 characters'],
    });
    stubApi(() => refusal);
    const { user } = renderWithApp(<ReviewForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    const location = screen.getByLabelText('Location');
    await vi.waitFor(() =>
      expect(errorOf(location)).toBe('Location must have at most 100 characters'),
    );
    expect(location).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    refusal = apiError(503, 'UNAVAILABLE', 'The shop is busy');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is busy');
  });

  it('checks each change once submitted: a name of 21 letters, then 20; a location typed', async () => {
    stubApi(() => json({}));
    const { user } = renderWithApp(<ReviewForm />);
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    await vi.waitFor(() => expect(errorOf(name)).toBe('Name is required'));

    await user.type(name, 'B'.repeat(21));
    expect(errorOf(name)).toBe('Name must have at most 20 characters');
    await user.type(name, '{Backspace}');
    expect(errorOf(name)).toBe('');
    await user.type(screen.getByLabelText('Image URL'), 'avatar.png');
    expect(errorOf(screen.getByLabelText('Image URL'))).toBe(
      'Provide a valid image URL (http or https)',
    );
    await user.type(screen.getByLabelText('Location'), 'Oslo');
    expect(errorOf(screen.getByLabelText('Location'))).toBe('');
    expect(screen.getByLabelText('Location')).not.toHaveAttribute('aria-invalid');
  });
});
