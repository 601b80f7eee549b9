import type { ReactNode } from 'react';

interface ChecklistLine {
  toolId: string;
  tool: string;
  quantity: number;
}

/**
 * A group of checkboxes, one per order line ("3 × 65W USB-C Charger"), under its legend: the
 * lines a refund gives back, a return sends back, or a received return can sell again.
 * `chosen` holds the tools' ids of the checked lines; `children` follow the boxes.
 */
export function LineChecklist({
  legend,
  lines,
  chosen,
  onChange,
  className = 'mt-4',
  children,
}: {
  legend: string;
  lines: readonly ChecklistLine[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className={className}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {lines.map((line) => (
        <label key={line.toolId} className="mt-1 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-primary)]"
            checked={chosen.includes(line.toolId)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, line.toolId]
                  : chosen.filter((id) => id !== line.toolId),
              )
            }
          />
          {line.quantity} × {line.tool}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
