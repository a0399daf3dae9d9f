// The tools of the toolbar, in its order.
import { Brush, Fill, Line, Pick, Rectangle } from './paint.js';
import { Select } from './select.js';
import { type Tool, type ToolId, ToolBox } from './tool.js';
import type { DocumentStore } from '../store.js';

/** A new set of tools (each keeps its own gesture state) around a document. */
export function createToolBox(store: DocumentStore): ToolBox {
  const tools: Record<ToolId, Tool> = {
    brush: new Brush(),
    rectangle: new Rectangle(),
    line: new Line(),
    fill: new Fill(),
    pick: new Pick(),
    select: new Select(),
  };
  return new ToolBox(store, tools);
}

export { ToolBox, TOOL_IDS, TOOL_INFO, type Tool, type ToolId, type ToolInput } from './tool.js';
