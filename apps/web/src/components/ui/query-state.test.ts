import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
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

  it('shows a failure in words under a heading, with Try again when asking again may help', () => {
    const html = render({ isError: true, error: new ApiError(503, 'X', 'The shop is closed') });
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<h2[^>]*>Your orders could not be loaded<\/h2>/);
    expect(html).toContain('The shop is closed');
    expect(html).toContain('Try again');
    expect(html).not.toContain('Orders:');
    expect(render({ isError: true, error: new ApiError(0, 'NETWORK', 'No answer') })).toContain(
      'Try again',
    );
  });

  it('offers no Try again for an answer that will not change (a 404)', () => {
    const html = render({ isError: true, error: new ApiError(404, 'NOT_FOUND', 'Tool not found') });
    expect(html).toContain('Tool not found');
    expect(html).not.toContain('Try again');
  });

  it("never shows a technical message, only the API's words", () => {
    const html = render({ isError: true, error: new TypeError('Failed to fetch module x.js') });
    expect(html).not.toContain('x.js');
    expect(html).toContain('Something went wrong. Please try again.');
  });

  it('keeps the loaded data when a refresh fails', () => {
    const html = render({
      isError: true,
      error: new ApiError(0, 'NETWORK', 'No answer'),
      data: ['a'],
    });
    expect(html).toBe('Orders: a');
  });

  it('shows what to say when there is nothing, else the data', () => {
    expect(render({ data: [] })).toBe('You have no orders yet');
    expect(render({ data: ['a', 'b'] })).toBe('Orders: a, b');
  });
});
