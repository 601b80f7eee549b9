import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { Testimonials } from './testimonials';

const amelia = {
  _id: 'r-1',
  review: 'NVMe SSD 1TB M.2',
  description: 'My five-year-old laptop boots in seconds.',
  img: '/images/avatars/avatar-1.svg',
  name: 'Amelia Hart',
  location: 'Austin, USA',
};

describe('Testimonials', () => {
  it('says plainly when there is no review yet', async () => {
    stubApi(() => json([]));
    renderWithApp(<Testimonials />);
    expect(await screen.findByText(/^No reviews yet\./)).toBeInTheDocument();
    expect(screen.queryByTestId('review')).not.toBeInTheDocument();
  });

  it("shows a failed load in the API's words, and Try again shows the reviews", async () => {
    let failing = true;
    stubApi(() => (failing ? apiError(503, 'INTERNAL', 'The shop is resting') : json([amelia])));
    const { user } = renderWithApp(<Testimonials />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded');
    expect(alert).toHaveTextContent('The shop is resting');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const review = await screen.findByTestId('review');
    expect(review).toHaveTextContent('Amelia Hart');
    expect(review).toHaveTextContent('Austin, USA');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
