import type { ShopUser } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { UsersTable } from './users-table';

const me: ShopUser = { _id: 'u-1', email: 'root@example.com', name: 'Root', role: 'admin' };
const ann: ShopUser = { _id: 'u-2', email: 'ann@example.com', name: 'Ann', role: 'user' };
const bob: ShopUser = { _id: 'u-3', email: 'bob@example.com', name: 'Bob', role: 'admin' };

const renderUsers = () =>
  renderWithApp(<UsersTable currentUserEmail="Root@Example.com" />, {
    path: '/dashboard/users',
  });

const rowOf = (name: string) => {
  const row = screen.getAllByTestId('user-row').find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return within(row);
};

const dialog = () => screen.getByRole('dialog', { name: 'Are You Sure?' });

describe('UsersTable', () => {
  it('shows a spinner named for the users while the first page loads', () => {
    const fetch = stubApi(() => new Promise<Response>(() => {}));
    renderUsers();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the users');
    const asked = new URL(String(fetch.mock.calls[0]?.[0]), 'http://shop.test');
    expect(asked.pathname).toBe('/api/user');
    expect(asked.searchParams.get('page')).toBe('1');
    expect(asked.searchParams.get('limit')).toBe('20');
  });

  it('says there are no users yet, and that none match once a role is chosen', async () => {
    const fetch = stubApi(() => json([], { total: 0 }));
    const { user } = renderUsers();
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Role'), 'Admins');
    expect(await screen.findByText('No users match this search.')).toBeInTheDocument();
    expect(String(fetch.mock.lastCall?.[0])).toContain('role=admin');
  });

  it("shows a failed load in the API's words, and Try again loads the users", async () => {
    let failing = true;
    stubApi(() =>
      failing ? apiError(500, 'INTERNAL', 'The database is away') : json([ann], { total: 1 }),
    );
    const { user } = renderUsers();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The users could not be loaded');
    expect(alert).toHaveTextContent('The database is away');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('user-row')).toHaveTextContent('Ann');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Make Admin to customers only, and no Remove on your own row', async () => {
    stubApi(() => json([me, ann, bob], { total: 3 }));
    renderUsers();
    expect(await screen.findAllByTestId('user-row')).toHaveLength(3);
    expect(screen.getByText('3 users')).toBeInTheDocument();

    const annRow = rowOf('Ann');
    expect(annRow.getByText('Customer')).toBeInTheDocument();
    expect(annRow.getByRole('button', { name: 'Make Admin: Ann' })).toBeEnabled();
    expect(annRow.getByRole('button', { name: 'Remove User: Ann' })).toBeEnabled();

    const bobRow = rowOf('Bob');
    expect(bobRow.getByText('Admin')).toBeInTheDocument();
    expect(bobRow.queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument();
    expect(bobRow.getByRole('button', { name: 'Remove User: Bob' })).toBeInTheDocument();

    // The email is compared without case: it is still you.
    const myRow = rowOf('Root');
    expect(myRow.getByText('This is you: you cannot remove yourself')).toBeInTheDocument();
    expect(myRow.queryByRole('button', { name: /Remove User/ })).not.toBeInTheDocument();
  });

  it('asks before removing, naming the user; Cancel closes and gives focus back', async () => {
    const fetch = stubApi(() => json([me, ann], { total: 2 }));
    const { user } = renderUsers();
    const remove = await screen.findByRole('button', { name: 'Remove User: Ann' });
    await user.click(remove);

    expect(dialog()).toHaveTextContent('You want to delete Ann');
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('removes the user once confirmed: the row goes and focus moves to the list', async () => {
    let users = [me, ann];
    const fetch = stubApi(({ method }) => {
      if (method === 'DELETE') {
        users = [me];
        return json({ deletedCount: 1, message: 'User Removed!!' });
      }
      return json(users, { total: users.length });
    });
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Remove User: Ann' }));
    await user.click(within(dialog()).getByRole('button', { name: 'OK' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Ann')).not.toBeInTheDocument();
    const deletes = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => String(url))).toEqual(['/api/user/ann%40example.com']);
    expect(await screen.findByText('1 user')).toHaveFocus();
  });

  it('makes a customer an admin: the row says Admin and its button is gone', async () => {
    let users = [ann];
    const fetch = stubApi(({ method }) => {
      if (method === 'PUT') {
        users = [{ ...ann, role: 'admin' }];
        return json({ modifiedCount: 1, message: 'Admin Selected!!' });
      }
      return json(users, { total: users.length });
    });
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Make Admin: Ann' }));

    expect(await rowOf('Ann').findByText('Admin')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Make Admin: Ann' })).not.toBeInTheDocument();
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([url]) => String(url))).toEqual(['/api/user/admin/ann%40example.com']);
  });

  it('says "failed to make an admin" when the API refuses it, and keeps the button', async () => {
    const failed = vi.spyOn(toast, 'error');
    stubApi(({ method }) =>
      method === 'PUT'
        ? apiError(403, 'NOT_ADMIN', 'Only an admin can do this')
        : json([ann], { total: 1 }),
    );
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Make Admin: Ann' }));

    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith('failed to make an admin'));
    expect(rowOf('Ann').getByRole('button', { name: 'Make Admin: Ann' })).toBeEnabled();
    expect(rowOf('Ann').queryByText('Admin')).not.toBeInTheDocument();
  });
});
