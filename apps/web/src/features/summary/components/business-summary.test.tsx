import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { BusinessSummary } from './business-summary';

const figures = ['Happy customers', 'Parts sold', 'Laptop models', 'Countries'].map(
  (description, index) => ({
    _id: `s-${index}`,
    img: `/images/summary/${index}.svg`,
    description,
    number: 12_500 - index,
  }),
);

describe('BusinessSummary', () => {
  it("shows a failed load in the API's words, and Try again shows the four figures", async () => {
    let failing = true;
    stubApi(() => (failing ? apiError(503, 'INTERNAL', 'The shop is resting') : json(figures)));
    const { user } = renderWithApp(<BusinessSummary />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Our figures could not be loaded');
    expect(alert).toHaveTextContent('The shop is resting');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('summary-item')).toHaveLength(4);
    expect(screen.getAllByTestId('summary-item')[0]).toHaveTextContent('12,500+');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
