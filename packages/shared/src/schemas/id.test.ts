import { describe, expect, it } from 'vitest';
import { messagesFor } from '../test/issues';
import { IdSchema, idParams } from './id';

const uuid = '0b4e7a3c-5f1d-4c2a-9e8b-1a2b3c4d5e6f';

describe('record ids', () => {
  it('are UUIDs', () => {
    expect(messagesFor(IdSchema, uuid)).toEqual([]);
    expect(messagesFor(IdSchema, 'not-an-id')).not.toEqual([]);
    expect(messagesFor(IdSchema, `${uuid}0`)).not.toEqual([]);
  });

  it("in a path, anything else is the record's not found", () => {
    expect(idParams('Tool').parse({ id: uuid })).toEqual({ id: uuid });
    expect(messagesFor(idParams('Tool'), { id: '42' })).toEqual(['Tool not found']);
    expect(messagesFor(idParams('Order'), { id: '' })).toEqual(['Order not found']);
  });
});
