import type { Tool, ToolUpdate } from '@shop/shared';

/** The editable fields of a tool, as the in-place editor holds them. */
export type EditableTool = Required<ToolUpdate>;

/** Only what the admin changed goes to `PATCH /api/tools/{id}`; nothing changed is `{}`. */
export function changedFields(tool: Tool, values: EditableTool): ToolUpdate {
  const changes: ToolUpdate = {};
  if (values.price !== tool.price) changes.price = values.price;
  if (values.availableQuantity !== tool.availableQuantity)
    changes.availableQuantity = values.availableQuantity;
  if (values.description.trim() !== tool.description.trim())
    changes.description = values.description.trim();
  return changes;
}
