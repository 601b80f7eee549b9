import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { somethingWentWrong } from './form-errors';
import { type UseServerFormOptions, useServerForm } from './use-server-form';

interface Values {
  address: string;
  phone: string;
}

const acceptAll: Resolver<Values> = async (values) => ({ values, errors: {} });

/** The hook as a form holds it, rendered once (no DOM needed to submit a react-hook-form). */
function serverForm(options: Partial<UseServerFormOptions<Values, unknown, Values>> = {}) {
  let form: ReturnType<typeof useServerForm<Values>> | undefined;
  function Form() {
    form = useServerForm<Values>({
      resolver: acceptAll,
      defaultValues: { address: '1 Main Street', phone: '555' },
      serverFields: ['address', 'phone'],
      ...options,
    });
    return null;
  }
  renderToStaticMarkup(createElement(Form));
  if (!form) throw new Error('the form did not render');
  return form;
}

/** Submits, and waits until the check and the send have run and the failure is reported. */
async function submit(
  form: ReturnType<typeof serverForm>,
  send: (values: Values) => Promise<void>,
) {
  const sent = vi.fn(send);
  form.submitWith(sent)();
  await vi.waitFor(() => expect(sent).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('useServerForm', () => {
  it("sends the checked values, and a refusal's field messages go under the fields", async () => {
    const onFailure = vi.fn();
    const form = serverForm({ onFailure });
    let sentValues: Values | undefined;
    await submit(form, async (values) => {
      sentValues = values;
      throw new ApiError(400, 'VALIDATION_FAILED', 'Check the fields', {
        phone: ['Phone needs a digit'],
      });
    });
    expect(sentValues).toEqual({ address: '1 Main Street', phone: '555' });
    expect(form.getFieldState('phone').error?.message).toBe('Phone needs a digit');
    // A new attempt clears the last failure; the fields said it all, so nothing above the form.
    expect(onFailure.mock.calls).toEqual([[null], [null]]);
  });

  it("says the API's words above the form when no field took them", async () => {
    const onFailure = vi.fn();
    const form = serverForm({ onFailure });
    await submit(form, async () => {
      throw new ApiError(409, 'OUT_OF_STOCK', 'Only 3 left');
    });
    expect(onFailure.mock.calls).toEqual([[null], ['Only 3 left']]);
  });

  it('says them above the form as well on the sign-in screens', async () => {
    const onFailure = vi.fn();
    const form = serverForm({ onFailure, alwaysShowFailure: true });
    await submit(form, async () => {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Check the fields', { phone: ['Bad phone'] });
    });
    expect(form.getFieldState('phone').error?.message).toBe('Bad phone');
    expect(onFailure.mock.calls).toEqual([[null], ['Check the fields']]);
  });

  it('says something went wrong when the check itself fails (its code did not download)', async () => {
    const onFailure = vi.fn();
    const send = vi.fn(async () => undefined);
    const form = serverForm({
      onFailure,
      resolver: async () => {
        throw new Error('Failed to fetch dynamically imported module');
      },
    });
    form.submitWith(send)();
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledWith(somethingWentWrong));
    expect(send).not.toHaveBeenCalled();
  });
});
