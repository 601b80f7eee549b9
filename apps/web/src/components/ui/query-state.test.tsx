import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithApp } from '../../test/render';
import { QueryState, type QueryStateProps } from './query-state';

type Query = QueryStateProps<string[]>['query'];

const query = (state: Partial<Query>): Query => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
  ...state,
});

function Orders({ state, pending }: { state: Query; pending?: boolean }) {
  return (
    <QueryState
      query={state}
      pending={pending}
      pendingLabel="Loading your orders"
      errorTitle="Your orders could not be loaded"
      isEmpty={(list) => list.length === 0}
      empty={<p>You have no orders yet</p>}
    >
      {(list) => (
        <ul aria-label="Orders">
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows a spinner named for screen readers while the query loads, and nothing else', () => {
    render(<Orders state={query({ isPending: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('keeps the spinner while something else is awaited, even with the data in', () => {
    render(<Orders state={query({ data: ['Fan'] })} pending />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows a failure's title and the API's words, and Try again asks again", async () => {
    const failed = query({ isError: true, error: new ApiError(503, 'UNAVAILABLE', 'Back soon') });
    render(<Orders state={failed} />);
    const alert = screen.getByRole('alert');
    expect(alert).toContainElement(
      screen.getByRole('heading', { name: 'Your orders could not be loaded' }),
    );
    expect(alert).toHaveTextContent('Back soon');
    expect(failed.refetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('offers no Try again when the answer will not change (a 404)', () => {
    render(
      <Orders state={query({ isError: true, error: new ApiError(404, 'NOT_FOUND', 'Gone') })} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Gone');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers Try again when no answer came (the network)', () => {
    const error = new ApiError(0, 'NETWORK', 'Could not reach the shop.');
    render(<Orders state={query({ isError: true, error })} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Your orders could not be loaded',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it("never shows a technical message, only the API's words", () => {
    const error = new TypeError('Failed to fetch module x.js');
    render(<Orders state={query({ isError: true, error })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText(/x\.js/)).not.toBeInTheDocument();
  });

  it('keeps the loaded data when a refresh fails', () => {
    const error = new ApiError(0, 'NETWORK', 'No answer');
    render(<Orders state={query({ isError: true, error, data: ['Fan'] })} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Fan');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty message when there is nothing, else the data', () => {
    const { rerender } = render(<Orders state={query({ data: [] })} />);
    expect(screen.getByText('You have no orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    rerender(<Orders state={query({ data: ['Fan', 'Battery'] })} />);
    expect(screen.queryByText('You have no orders yet')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Fan',
      'Battery',
    ]);
  });

  it('with a real query: a failed load, then Try again, then the data', async () => {
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Could not reach the shop.'))
      .mockResolvedValueOnce(['Fan']);
    function Screen() {
      const orders = useQuery({ queryKey: ['orders'], queryFn: load });
      return <Orders state={orders} />;
    }
    const { user } = renderWithApp(<Screen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Fan');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
