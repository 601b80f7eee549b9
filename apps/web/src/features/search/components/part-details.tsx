import type { Tool } from '@shop/shared';
import { type ReactNode, useId } from 'react';
import { partNumbersInOrder, weightText } from '../utils/search-text';
import { ConditionBadge } from './condition-badge';
import { ToolFits } from './part-fits';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-x-3">
      <dt className="text-base-content/70">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * A part's facts as a list of terms: the SKU, part type, maker, condition, weight (when it was
 * weighed) and every part number. Its purchase page and its public page show them. A part with
 * a title of its own (issue 49) also names what its heading does not: the public page, headed
 * by the title, gives the short name (`also="name"`); the purchase page, headed by the name as
 * the spec has it, gives the title (`also="title"`).
 */
export function PartFacts({ tool, also }: { tool: Tool; also?: 'name' | 'title' }) {
  const numbers = partNumbersInOrder(tool.partNumbers);
  const weight = weightText(tool.weightGrams);
  const titled = tool.title !== tool.name;
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      {titled && also === 'title' && <Detail term="Title">{tool.title}</Detail>}
      {titled && also === 'name' && <Detail term="Short name">{tool.name}</Detail>}
      <Detail term="SKU">
        <span className="font-mono break-words">{tool.sku}</span>
      </Detail>
      <Detail term="Part type">{tool.category.name}</Detail>
      <Detail term="Brand">{tool.brand}</Detail>
      <Detail term="Condition">
        <ConditionBadge condition={tool.condition} />
      </Detail>
      {weight && <Detail term="Weight">{weight}</Detail>}
      {numbers.length > 0 && (
        <Detail term={numbers.length === 1 ? 'Part number' : 'Part numbers'}>
          <ul className="flex flex-col gap-0.5">
            {numbers.map(({ label, number, maker }) => (
              <li key={`${label} ${maker} ${number}`}>
                {label} <span className="font-mono break-words">{number}</span>
                {maker && (
                  <span className="text-base-content/70 whitespace-nowrap"> · {maker}</span>
                )}
              </li>
            ))}
          </ul>
        </Detail>
      )}
    </dl>
  );
}

/**
 * A part's details on its purchase page (issue 33), as its card names them and more: the
 * laptops it fits ("Fits ThinkPad T480, T470 and 3 more", the whole list a click away), then
 * its facts.
 */
export function PartDetails({ tool }: { tool: Tool }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="border-base-300 rounded-box flex flex-col gap-3 border p-4"
      data-testid="part-details"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Part details
      </h2>
      <ToolFits tool={tool} />
      <PartFacts tool={tool} also="title" />
    </section>
  );
}
