import { describe, expect, it } from 'vitest';
import { formatDeadline } from './format';

describe('formatDeadline', () => {
  // Local times, so the test holds in any time zone the machine is in.
  const lateEvening = new Date(2030, 4, 31, 23, 20);

  it('shows only the clock time when the deadline falls today', () => {
    const sameDay = new Date(2030, 4, 31, 23, 59).toISOString();
    expect(formatDeadline(sameDay, lateEvening)).toMatch(/^23:59$/);
  });

  it('puts the day in front when the deadline falls after midnight', () => {
    // An order placed at 23:20 with a 60-minute hold is due at 00:20 the next day.
    const nextDay = new Date(2030, 5, 1, 0, 20).toISOString();
    const shown = formatDeadline(nextDay, lateEvening);
    expect(shown).toMatch(/00:20$/);
    expect(shown).toMatch(/\b1\b/);
    expect(shown).not.toBe('00:20');
  });
});
