import { useMemo } from 'react';
import { useServices } from '../../app/useServices';
import { createAssistantApi, type AssistantApi } from './assistant.api';

/** The assistant's operations over this session's Apollo client. */
export function useAssistantApi(): AssistantApi {
  const { apollo } = useServices();
  return useMemo(() => createAssistantApi(apollo), [apollo]);
}
