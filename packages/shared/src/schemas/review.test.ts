import { describe, expect, it } from 'vitest';
import { fieldMessage, messagesFor } from '../test/issues';
import { ReviewInputSchema } from './review';

const validReview = {
  name: 'Ada',
  review: 'SSD 1 TB',
  location: 'Dhaka',
  description: 'Arrived in two days.',
  img: 'https://images.example.com/ada.png',
};

const message = (field: keyof typeof validReview, value: unknown) =>
  fieldMessage(ReviewInputSchema, { ...validReview, [field]: value }, field);

describe('Add A Review (docs/product.md, Validation)', () => {
  it('accepts a valid review', () => {
    expect(messagesFor(ReviewInputSchema, validReview)).toEqual([]);
  });

  it('accepts a 20-character name and refuses 21', () => {
    expect(message('name', 'n'.repeat(20))).toBeUndefined();
    expect(message('name', 'n'.repeat(21))).toBe('Name must have at most 20 characters');
  });

  it.each([
    ['review', 100, 'Tool name must have at most 100 characters'],
    ['location', 100, 'Location must have at most 100 characters'],
    ['description', 1000, 'Description must have at most 1000 characters'],
  ] as const)('accepts a %s of %i characters and refuses one more', (field, max, refusal) => {
    expect(message(field, 'x'.repeat(max))).toBeUndefined();
    expect(message(field, 'x'.repeat(max + 1))).toBe(refusal);
  });

  it.each([
    ['name', 'Name is required'],
    ['review', 'Tool name is required'],
    ['location', 'Location is required'],
    ['description', 'Description is required'],
    ['img', 'Image URL is required'],
  ] as const)('asks for the %s when blank', (field, required) => {
    expect(message(field, '  ')).toBe(required);
  });

  it('keeps line breaks in the description, not in the name', () => {
    expect(message('description', 'Fast.\nWell packed.')).toBeUndefined();
    expect(message('name', 'Ada\nLovelace')).toBe('Name cannot contain control characters');
  });

  it('takes the image link rule of tools', () => {
    expect(message('img', 'javascript:alert(1)')).toBe('Provide a valid image URL (http or https)');
  });

  it('refuses a field it does not know', () => {
    expect(ReviewInputSchema.safeParse({ ...validReview, rating: 5 }).success).toBe(false);
  });
});
