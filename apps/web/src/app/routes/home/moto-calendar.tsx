import type { CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';

export interface MotoCalendarProps {
  selected: Date | undefined;
  onSelect: (date: Date | undefined) => void;
  /** The first day that can be chosen; earlier days are disabled. */
  firstDay: Date;
}

const themed = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'var(--color-base-200)',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.375rem',
  '--rdp-day_button-width': '2.375rem',
} as CSSProperties;

/** The single-date calendar of "Our Moto" (react-day-picker), loaded lazily. */
export default function MotoCalendar({ selected, onSelect, firstDay }: MotoCalendarProps) {
  return (
    <DayPicker
      mode="single"
      selected={selected}
      onSelect={onSelect}
      disabled={{ before: firstDay }}
      startMonth={firstDay}
      defaultMonth={selected ?? firstDay}
      style={themed}
      className="bg-base-100 rounded-box border-base-300 border p-3 shadow-sm"
    />
  );
}
