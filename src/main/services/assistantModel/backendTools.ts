import type { AssistantToolName, AssistantToolResult } from '../../../shared/assistant/assistantTools.schemas';
import { AssistantToolResultSchema } from '../../../shared/assistant/assistantTools.schemas';
import type { BackendClient } from '../backendClient';

/** The generative mode's tools run in the back end, as the acting brand, like the host's other calls (issue 30). */
export const backendTools = (client: BackendClient) => (tool: AssistantToolName, args: Record<string, unknown>): Promise<AssistantToolResult> =>
  client.json('main', 'POST', '/assistant/tools', { brand_id: client.brandId(), tool, arguments: args }, AssistantToolResultSchema);
