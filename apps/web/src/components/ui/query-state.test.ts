import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state';

type Query = Parameters<typeof QueryState<string[]>>[0]['query'];

const query = (state: Partial<Query>): Query => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
  ...state,
});

const render = (state: Partial<Query>, extra: { pending?: boolean } = {}) =>
  renderToStaticMarkup(
    createElement(QueryState<string[]>, {
      query: query(state),
      pendingLabel: 'Loading your orders',
      errorTitle: 'Your orders could not be loaded',
      isEmpty: (list) => list.length === 0,
      empty: 'You have no orders yet',
      children: (list) => `Orders: ${list.join(', ')}`,
      ...extra,
    }),
  );

describe('QueryState', () => {
  it('shows a spinner, named for screen readers, while the query loads or more is awaited', () => {
    expect(render({ isPending: true })).toContain(
      '<span class="sr-only">Loading your orders</span>',
    );
    expect(render({ isPending: true })).toContain('role="status"');
    expect(render({ data: ['a'] }, { pending: true })).toContain('Loading your orders');
  });

  it('shows a failure in words with Try again', () => {
    const html = render({ isError: true, error: new Error('The shop is closed') });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your orders could not be loaded');
    expect(html).toContain('The shop is closed');
    expect(html).toContain('Try again');
    expect(html).not.toContain('Orders:');
  });

  it('shows what to say when there is nothing, else the data', () => {
    expect(render({ data: [] })).toBe('You have no orders yet');
    expect(render({ data: ['a', 'b'] })).toBe('Orders: a, b');
  });
});
