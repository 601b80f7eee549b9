import type { PartCondition } from '@shop/shared';
import { conditionLabel } from '../utils/search-text';

/** Each condition in a status colour (docs/design.md: coloured text on its own pale tint). */
const CONDITION_BADGE: Record<PartCondition, string> = {
  new: 'badge-success',
  refurbished: 'badge-info',
  used: 'badge-warning',
  compatible: 'badge-secondary',
};

/** A part's condition ("New", "Refurbished"...), as the cards and the purchase page show it. */
export function ConditionBadge({ condition }: { condition: PartCondition }) {
  return (
    <span className={`badge badge-soft badge-sm ${CONDITION_BADGE[condition]}`}>
      {conditionLabel(condition)}
    </span>
  );
}
